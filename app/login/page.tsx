import { LoginScreen } from "@/components/auth/login-screen";

export const dynamic = "force-dynamic";

export default function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <LoginScreen searchParams={searchParams} />;
}
