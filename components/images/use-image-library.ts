"use client";
// State of one image library panel: the images (given by the page, or loaded),
// the search (applied 500 ms after the last keystroke, from 2 characters), the
// creative-size filter, the selection and the delete call.
import { useCallback, useEffect, useMemo, useState } from "react";
import { expiredSession } from "@/components/account/session-events";
import { deleteImagesAction, listImagesAction } from "@/lib/images/actions";
import { SEARCH_DEBOUNCE_MS, type ImageItem, type ImageKind } from "@/lib/images/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { canDeleteSelection, dimensionOptions, filterImages, isClickable, isLocked, toggle, type SelectionRules } from "./selection";

export interface ImageLibraryOptions extends SelectionRules {
  advertiserId: number;
  kind: ImageKind;
  /** The list rendered by the server; without it the panel loads its list. */
  initialImages?: ImageItem[];
  /** Called with the selected images whenever the selection changes. */
  onSelect?: (images: ImageItem[]) => void;
}

export function useImageLibrary({ advertiserId, kind, initialImages, selectable, selectedUrls, onSelect }: ImageLibraryOptions) {
  const [loaded, setLoaded] = useState<ImageItem[] | null>(initialImages ?? null);
  const [error, setError] = useState<string | null>(null);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [search, setSearch] = useState("");
  const [appliedSearch, setAppliedSearch] = useState("");
  const [dimensions, setDimensions] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const images = useMemo(() => loaded ?? [], [loaded]);
  const rules = useMemo(() => ({ selectable, selectedUrls }), [selectable, selectedUrls]);

  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (initialImages) return;
    let live = true;
    listImagesAction({ advertiserId, kind }).then(
      (result) => {
        if (!live || expiredSession(result)) return;
        setLoaded(result.ok ? result.data : []);
        setError(result.ok ? null : (result.formError ?? SERVER_ERROR_MESSAGE));
      },
      () => {
        if (!live) return;
        setLoaded([]);
        setError(SERVER_ERROR_MESSAGE);
      },
    );
    return () => {
      live = false;
    };
  }, [advertiserId, kind, initialImages]);

  const select = useCallback(
    (ids: number[], list: ImageItem[] = images) => {
      setSelectedIds(ids);
      onSelect?.(list.filter((i) => ids.includes(i.id)));
    },
    [images, onSelect],
  );

  const onToggle = useCallback((image: ImageItem) => select(toggle(selectedIds, image, rules)), [select, selectedIds, rules]);

  /** Saved uploads join the list after the default logo, newest first (as the server orders them). */
  const addSaved = useCallback((saved: ImageItem[]) => {
    setLoaded((prev) => {
      const current = prev ?? [];
      const fresh = saved.filter((s) => !current.some((c) => c.id === s.id)).reverse();
      const defaults = current.filter((c) => c.isDefault);
      return [...defaults, ...fresh, ...current.filter((c) => !c.isDefault)];
    });
  }, []);

  const deleteSelected = useCallback(async (): Promise<boolean> => {
    setDeleting(true);
    setError(null);
    try {
      const result = await deleteImagesAction({ advertiserId, kind, ids: selectedIds });
      if (expiredSession(result)) return false;
      if (!result.ok) {
        setError(result.formError ?? SERVER_ERROR_MESSAGE);
        return false;
      }
      const rest = images.filter((i) => !result.data.ids.includes(i.id));
      setLoaded(rest);
      select([], rest);
      return true;
    } catch {
      setError(SERVER_ERROR_MESSAGE);
      return false;
    } finally {
      setDeleting(false);
    }
  }, [advertiserId, kind, selectedIds, images, select]);

  return {
    kind,
    advertiserId,
    loading: loaded === null,
    error,
    images,
    visible: useMemo(() => filterImages(images, appliedSearch, dimensions), [images, appliedSearch, dimensions]),
    sizeOptions: useMemo(() => dimensionOptions(images), [images]),
    search,
    setSearch,
    dimensions,
    setDimensions,
    selectedIds,
    selectedImages: images.filter((i) => selectedIds.includes(i.id)),
    isSelected: (image: ImageItem) => selectedIds.includes(image.id),
    isLocked: (image: ImageItem) => isLocked(image, rules),
    isClickable: (image: ImageItem) => isClickable(image, rules),
    onToggle,
    canDelete: canDeleteSelection(images, selectedIds),
    deleting,
    deleteSelected,
    addSaved,
  };
}

export type ImageLibraryState = ReturnType<typeof useImageLibrary>;
