"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** Shown on the sign-in screen when a session already exists. */
export function RedirectingHome() {
  const router = useRouter();
  useEffect(() => {
    router.replace("/home");
  }, [router]);
  return (
    <main className="flex min-h-screen items-center justify-center">
      <p role="status" className="text-sm text-slate-600">
        Redirecting to home page...
      </p>
    </main>
  );
}
