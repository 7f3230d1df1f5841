"use client";
// Renders the side panel named by ?panel= (components/shell/panels.ts):
// activity logs, notifications or account preferences. Activity logs and
// notifications exist for read-write users only (shell.md 6); for other roles
// those URLs open nothing (and their server actions refuse anyway).
import { Suspense } from "react";
import { shellVisibility, type Role } from "@/lib/auth/roles";
import { usePanel } from "@/components/shell/panels";
import { ActivityPanel } from "@/components/activity/activity-panel";
import { NotificationsPanel } from "@/components/notifications/notifications-panel";
import { PreferencesDialog } from "@/components/preferences/preferences-dialog";

export interface PanelHostProps {
  role: Role;
  /** The signed-in user; a change of user (or licensee, via key) remounts the panels. */
  userId: number;
}

export function PanelHost(props: PanelHostProps) {
  // usePanel reads the search params: keep the rest of the page out of its suspense.
  return (
    <Suspense fallback={null}>
      <OpenPanel {...props} />
    </Suspense>
  );
}

function OpenPanel({ role, userId }: PanelHostProps) {
  const { current, close } = usePanel();
  const visible = shellVisibility(role);
  switch (current) {
    case "activity":
      return visible.activityLogs ? <ActivityPanel key={userId} onClose={close} /> : null;
    case "notifications":
      return visible.notificationBell ? <NotificationsPanel key={userId} onClose={close} /> : null;
    case "preferences":
      return <PreferencesDialog key={userId} role={role} onClose={close} />;
    default:
      return null;
  }
}
