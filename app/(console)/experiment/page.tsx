// /experiment (the menu's 'Experiment'): a new experiment, as /experiment/create.
import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

export default function ExperimentPage() {
  redirect("/experiment/create");
}
