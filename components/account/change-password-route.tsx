"use client";
// The page of /change-password: the dialog opens at once; Cancel goes home;
// after a change the page says so, with a way back home.
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ChangePasswordDialog } from "./change-password-dialog";

export function ChangePasswordRoute() {
  const router = useRouter();
  const [changed, setChanged] = useState<string | null>(null);
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      {changed && (
        <>
          <p role="status" data-testid="change-password-result" className="text-sm font-medium text-emerald-700">
            {changed}
          </p>
          <Link href="/home" className="mt-4 inline-block text-sm font-medium text-primary hover:underline">
            Back To Homepage
          </Link>
        </>
      )}
      <ChangePasswordDialog
        open={changed === null}
        closable
        onClose={() => router.replace("/home")}
        onChanged={(message) => {
          setChanged(message);
          router.refresh();
        }}
      />
    </section>
  );
}
