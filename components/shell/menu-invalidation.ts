"use client";
// How status changes anywhere in the console reach the menus' cache
// (business.md 4: "on success the menu cache is invalidated"). Its own small
// module: the status controls need only this, not the menus' server actions.
import { createContext, useContext } from "react";

/** Forgets the given menus (all without an argument): the next opening loads them again. */
export type InvalidateMenus = (menus?: string[]) => void;

/** Provided by MenuDataProvider (menu-data.tsx). */
export const MenuInvalidationContext = createContext<InvalidateMenus | null>(null);

const NOTHING_CACHED: InvalidateMenus = () => {};

/**
 * For status changes and archives: forgets the cached menus. Outside the
 * console frame (a component test, a page without menus) nothing is cached,
 * so it does nothing.
 */
export function useInvalidateMenus(): InvalidateMenus {
  return useContext(MenuInvalidationContext) ?? NOTHING_CACHED;
}
