"use client";
// The create and edit pages of a conversion tracker (business.md 2): titles
// 'New Conversion Tracker' and 'Edit Conversion Tracker'; Cancel returns to
// the advertiser's CONVERSION TRACKER tab, Save goes to the pixel's details.
import { useRouter } from "next/navigation";
import type { PixelFormValues } from "@/lib/pixels/schema";
import { PixelForm } from "./pixel-form";

export function PixelFormPage({
  advertiser,
  pixel,
  initial,
  canWrite,
}: {
  advertiser: { id: number; name: string };
  pixel?: { id: number; version: number };
  initial: PixelFormValues;
  canWrite: boolean;
}) {
  const router = useRouter();
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <p className="text-sm text-slate-600" data-testid="pixel-form-advertiser">
          {advertiser.name}
        </p>
        <h1 className="text-xl font-semibold text-slate-900">{pixel ? "Edit Conversion Tracker" : "New Conversion Tracker"}</h1>
        {!canWrite ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="pixel-read-only">
            You do not have permission to change conversion trackers.
          </p>
        ) : null}
      </div>
      <PixelForm
        advertiserId={advertiser.id}
        pixel={pixel}
        initial={initial}
        canWrite={canWrite}
        onCancel={() => router.push(`/advertiser/details/${advertiser.id}/pixel`)}
        onSaved={(saved) => {
          router.push(`/advertiser/${advertiser.id}/pixel/details/${saved.id}`);
          router.refresh();
        }}
      />
    </div>
  );
}
