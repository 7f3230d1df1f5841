import { roleLabel, type Role } from "@/lib/auth/roles";

const STYLE: Record<Role, string> = {
  RW: "bg-emerald-400/15 text-emerald-200 ring-emerald-300/30",
  RO: "bg-sky-400/15 text-sky-200 ring-sky-300/30",
  DEMO: "bg-amber-400/15 text-amber-200 ring-amber-300/30",
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      data-testid="role-badge"
      title={roleLabel(role)}
      className={`rounded px-1.5 py-0.5 text-[11px] font-semibold tracking-wide ring-1 ring-inset ${STYLE[role]}`}
    >
      {role}
    </span>
  );
}
