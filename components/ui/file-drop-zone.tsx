"use client";
// Drop files here or click to choose them (business.md 2 "drop zone or click
// to upload"): the image library's upload and the creative upload. The accept
// list only helps the browser's picker: the server decides the type from the
// content. Keyboard: the zone is one Tab stop, Enter or Space opens the picker.
import { useId, useRef, useState } from "react";

export interface FileDropZoneProps {
  accept: string;
  multiple: boolean;
  disabled?: boolean;
  hint: string;
  onFiles: (files: File[]) => void;
  /** What is dropped: "image" reads "Drop images here" / "Drop an image here". */
  noun: { one: string; many: string };
  /** Test ids `${testId}-drop-zone` and `${testId}-file-input`. */
  testId: string;
  inputLabel: string;
}

export function FileDropZone({ accept, multiple, disabled, hint, onFiles, noun, testId, inputLabel }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <div>
      <div
        data-testid={`${testId}-drop-zone`}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-describedby={`${id}-hint`}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(e) => {
          if (e.key !== "Enter" && e.key !== " ") return;
          e.preventDefault();
          if (!disabled) input.current?.click();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm ${
          disabled ? "cursor-not-allowed border-slate-200 bg-slate-50 opacity-60" : over ? "cursor-pointer border-primary bg-accent" : "cursor-pointer border-slate-300 bg-slate-50 hover:bg-slate-100"
        }`}
      >
        <span className="text-slate-700">Drop {multiple ? noun.many : noun.one} here, or click to upload</span>
        <span id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </span>
      </div>
      <input
        ref={input}
        data-testid={`${testId}-file-input`}
        aria-label={inputLabel}
        type="file"
        className="sr-only"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = ""; // choosing the same file again still fires onChange
        }}
      />
    </div>
  );
}
