"use client";
// A creative's preview: an image, a video player that loads nothing until
// played, an HTML5 creative in a sandboxed iframe (scripts only: no same
// origin, so it cannot read the console's cookies or DOM) shown on demand,
// and an icon for ad tags. `compact` fits a list cell; otherwise the
// creative shows at its own size (details page).
import { useState } from "react";
import type { CreativeMediaIcon } from "@/lib/creatives/media-kind";

export interface CreativePreviewProps {
  media: CreativeMediaIcon;
  fileUrl: string | null;
  /**
   * HTML5 only: the file's path-signed URL (lib/storage/signed.ts, made on the
   * server). The sandboxed frame's requests carry no session cookie, so its
   * CSS, scripts and images load only under a signed URL. Default: fileUrl.
   */
  previewUrl?: string | null;
  width: number;
  height: number;
  name?: string;
  compact?: boolean;
}

const ICONS: Record<CreativeMediaIcon, string> = { image: "🖼", video: "🎬", html: "⟨/⟩", tag: "🏷" };
const LABELS: Record<CreativeMediaIcon, string> = { image: "Image", video: "Video", html: "HTML5", tag: "Ad tag" };

/** The media kind as an icon with its name for screen readers. */
export function MediaIcon({ media }: { media: CreativeMediaIcon }) {
  return (
    <span title={LABELS[media]} data-testid="creative-media-icon" data-media={media}>
      <span aria-hidden>{ICONS[media]}</span>
      <span className="sr-only">{LABELS[media]}</span>
    </span>
  );
}

export function CreativePreview({ media, fileUrl, previewUrl, width, height, name = "Creative", compact = false }: CreativePreviewProps) {
  const [showHtml, setShowHtml] = useState(!compact);
  const box = compact ? { maxWidth: 96, maxHeight: 54 } : { maxWidth: "100%" };
  if (!fileUrl || media === "tag") return <MediaIcon media={media} />;
  if (media === "image") {
    // eslint-disable-next-line @next/next/no-img-element -- served by our own file route with its own headers
    return <img src={fileUrl} alt={name} loading="lazy" width={compact ? undefined : width} style={box} data-testid="creative-preview-image" />;
  }
  if (media === "video") {
    return <video src={fileUrl} preload="none" controls muted style={compact ? { width: 96, height: 54 } : { width: Math.min(width, 960), maxWidth: "100%" }} data-testid="creative-preview-video" aria-label={`${name} video`} />;
  }
  if (!showHtml) {
    return (
      <button type="button" className="text-xs text-primary underline" onClick={() => setShowHtml(true)} data-testid="creative-preview-html-show">
        Show HTML5
      </button>
    );
  }
  const scale = compact ? Math.min(96 / Math.max(width, 1), 54 / Math.max(height, 1), 1) : 1;
  return (
    <div style={compact ? { width: 96, height: 54, overflow: "hidden" } : undefined}>
      <iframe
        src={previewUrl ?? fileUrl}
        title={`${name} preview`}
        sandbox="allow-scripts"
        width={width || 300}
        height={height || 250}
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: "0 0" }}
        data-testid="creative-preview-html"
      />
    </div>
  );
}
