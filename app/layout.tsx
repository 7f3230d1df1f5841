// Root layout: paints every page with the request's theme (the session
// licensee's when signed in, the sub-domain's otherwise): page title, favicon
// and colour palette.
import type { Metadata } from "next";
import { getRequestTheme } from "@/lib/auth/request";
import "./globals.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const theme = await getRequestTheme();
  return {
    title: theme.pageTitle,
    icons: { icon: theme.favIcon },
  };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const theme = await getRequestTheme();
  return (
    <html lang="en" data-palette={theme.palette}>
      <body className="min-h-full font-sans text-slate-900">{children}</body>
    </html>
  );
}
