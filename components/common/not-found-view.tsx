import Link from "next/link";

export function NotFoundView() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4" data-testid="not-found">
      <div className="max-w-md text-center">
        <p className="text-6xl font-bold tracking-tight text-primary">404</p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Oops, This page isn&apos;t available</h1>
        <p className="mt-3 text-sm text-slate-600">
          The link you followed may be broken, or the page may have been removed.
        </p>
        <Link
          href="/login"
          className="mt-8 inline-block rounded-md bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover"
        >
          Back To Homepage
        </Link>
      </div>
    </main>
  );
}
