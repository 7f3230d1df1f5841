// Small line icons for the navigation menu groups (decorative), by group key.
const PATHS: Record<string, string> = {
  home: "M3 11.5 12 4l9 7.5M5 10v10h5v-6h4v6h5V10",
  advertisers: "M4 20V8l8-4 8 4v12M9 20v-5h6v5M8 10h.01M12 10h.01M16 10h.01",
  campaigns: "M4 10v4l12 5V5L4 10Zm0 0H3v4h1m3 1 1 5h3l-1-4",
  strategy: "M4 19h16M6 16V9m6 7V5m6 11v-4",
  "creative-sets": "M4 5h12v12H4zM8 9h12v10H8",
  audience: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 9c0-3.3 2.7-5 6-5s6 1.7 6 5m1-9a3 3 0 1 0 0-6m2 15c0-2.5-1-4-3-4.6",
  reports: "M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5",
  slicex: "M12 3v9h9A9 9 0 1 1 12 3Zm3-1a7 7 0 0 1 7 7h-7z",
  experiments: "M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3M7.5 14h9",
};

export function NavIcon({ name }: { name: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4.5 w-4.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name] ?? "M4 4h16v16H4z"} />
    </svg>
  );
}
