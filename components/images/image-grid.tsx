"use client";
// The six-column thumbnail grid (shell.md 2.9): images assigned to columns
// round-robin, each with its name over the picture and a check mark when
// selected. Which tiles can be clicked is decided by ./selection.ts.
import { GRID_COLUMNS, IMAGE_MESSAGES, type ImageItem } from "@/lib/images/schema";
import { roundRobin } from "./selection";

export function ImageGrid({
  images,
  selected,
  locked,
  clickable,
  onToggle,
}: {
  images: ImageItem[];
  selected: (image: ImageItem) => boolean;
  locked: (image: ImageItem) => boolean;
  clickable: (image: ImageItem) => boolean;
  onToggle: (image: ImageItem) => void;
}) {
  if (images.length === 0) {
    return (
      <p data-testid="image-grid-empty" className="py-10 text-center text-sm text-slate-500">
        {IMAGE_MESSAGES.emptyList}
      </p>
    );
  }
  return (
    <div data-testid="image-grid" className="grid grid-cols-6 gap-3">
      {roundRobin(images, GRID_COLUMNS).map((column, c) => (
        <div key={c} className="flex min-w-0 flex-col gap-3">
          {column.map((image) => (
            <Tile key={image.id} image={image} selected={selected(image) || locked(image)} locked={locked(image)} clickable={clickable(image)} onToggle={onToggle} />
          ))}
        </div>
      ))}
    </div>
  );
}

function Tile({
  image,
  selected,
  locked,
  clickable,
  onToggle,
}: {
  image: ImageItem;
  selected: boolean;
  locked: boolean;
  clickable: boolean;
  onToggle: (image: ImageItem) => void;
}) {
  const title = image.isDefault ? `${image.name} (default logo)` : image.name;
  return (
    <button
      type="button"
      data-testid="image-tile"
      data-name={image.name}
      aria-pressed={selected}
      aria-disabled={!clickable || undefined}
      // The name starts with the tile's visible texts, in their order (axe label-content-name-mismatch).
      aria-label={[image.name, image.isDefault ? "Default logo" : null, image.dimensions].filter(Boolean).join(", ")}
      title={locked ? `${image.name} is already selected` : title}
      onClick={() => clickable && onToggle(image)}
      className={`group relative block w-full overflow-hidden rounded-md border bg-slate-50 text-left ${
        selected ? "border-primary ring-2 ring-primary" : "border-slate-200"
      } ${clickable ? "cursor-pointer hover:border-primary" : "cursor-default"} ${locked ? "opacity-70" : ""}`}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- served by our own file route, sizes vary */}
      <img src={image.url} alt="" loading="lazy" className="block h-auto min-h-12 w-full object-contain" />
      <span className="absolute inset-x-0 bottom-0 truncate bg-slate-900/60 px-2 py-1 text-xs text-white">{image.name}</span>
      {selected && (
        <span data-testid="image-check" aria-hidden="true" className="absolute top-1 right-1 flex h-5 w-5 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground shadow">
          ✓
        </span>
      )}
      {/* A space between the texts: the name and the badge read as two words. */}
      {image.isDefault && " "}
      {image.isDefault && <span className="absolute top-1 left-1 rounded bg-white/90 px-1 text-[10px] font-medium text-slate-600">Default</span>}
    </button>
  );
}
