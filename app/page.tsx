import { LoginScreen } from "@/components/auth/login-screen";

export const dynamic = "force-dynamic";

// '' shows the sign-in screen, like /login (shell.md 2.1).
export default function RootPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <LoginScreen searchParams={searchParams} />;
}
