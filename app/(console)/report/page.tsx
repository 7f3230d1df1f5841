// /report: the Reports section's own address (the menu links its reports
// directly); it opens the Advanced report.
import { redirect } from "next/navigation";

export default function ReportIndexPage() {
  redirect("/report/advanced");
}
