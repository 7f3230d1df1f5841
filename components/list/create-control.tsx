// The Create button of a list (shell.md 6): read-write users get the link;
// demo users see it disabled (visible, faded, not clickable); read-only users
// do not see it.
import Link from "next/link";
import { canWrite, type Role } from "@/lib/auth/roles";
import { Button, buttonClass } from "@/components/ui/button";

export function CreateControl({ role, href, label, testId }: { role: Role; href: string; label: string; testId: string }) {
  if (canWrite(role)) {
    return (
      <Link href={href} data-testid={testId} className={buttonClass("primary")}>
        <Plus />
        {label}
      </Link>
    );
  }
  if (role === "DEMO") {
    return (
      <Button variant="primary" disabled data-testid={testId} title="Not available in the demo account">
        <Plus />
        {label}
      </Button>
    );
  }
  return null;
}

function Plus() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}
