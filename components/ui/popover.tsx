"use client";
// A floating panel anchored to its trigger (dropdowns, menus, filters, the
// date range picker, the navigation flyouts). The caller keeps the open state
// (some act when the panel closes); the popover closes it on a press outside
// or on Escape, returning focus to the trigger (./use-dismiss.ts).
// Inside a dialog, Escape closes the popover first and the dialog stays.
//
//   <Popover open={open} onClose={close} panelClassName="right-0 mt-2 w-80 ..."
//     trigger={(props) => <button {...props} type="button" onClick={toggle}>Filter</button>}>
//     ...panel content...
//   </Popover>
//
// The panel is positioned against the popover's root (`relative` unless the
// caller's className positions another ancestor).
import { useId, useRef, type HTMLAttributes, type ReactNode, type RefObject } from "react";
import { useDismiss } from "./use-dismiss";
import { LAYER, POPOVER_OPEN_ATTR } from "./layers";

export interface PopoverTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  "aria-expanded": boolean;
  "aria-controls": string | undefined;
}

type DataAttributes = { [key: `data-${string}`]: string | undefined };

export interface PopoverProps extends Omit<HTMLAttributes<HTMLElement>, "children"> {
  open: boolean;
  onClose: () => void;
  /** Renders the trigger (and whatever sits beside it), given the props that tie it to the panel. */
  trigger: (props: PopoverTriggerProps) => ReactNode;
  /** The element of the root: an `li` in a list of crumbs or menu entries. */
  as?: "div" | "li" | "span";
  /** Position, size and look of the panel ("absolute" and the layer are added). */
  panelClassName: string;
  /** Role, label, test id or key handlers of the panel. */
  panelProps?: HTMLAttributes<HTMLDivElement> & DataAttributes;
  /** Keeps the panel in the page while closed (hidden), e.g. so a question it asked outlives a close. */
  keepMounted?: boolean;
  children: ReactNode;
}

export function Popover({
  open,
  onClose,
  trigger,
  as: Root = "div",
  className = "relative",
  panelClassName,
  panelProps,
  keepMounted = false,
  children,
  ...rootProps
}: PopoverProps) {
  const root = useRef<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const generatedId = useId();
  const panelId = panelProps?.id ?? generatedId;
  useDismiss(root, open, onClose, triggerRef);

  const rendered = open || keepMounted;
  return (
    <Root
      ref={(el: HTMLElement | null) => {
        root.current = el;
      }}
      className={className}
      {...rootProps}
      {...(open ? { [POPOVER_OPEN_ATTR]: "" } : {})}
    >
      {trigger({ ref: triggerRef, "aria-expanded": open, "aria-controls": rendered ? panelId : undefined })}
      {rendered ? (
        <div {...panelProps} id={panelId} hidden={!open} className={`absolute ${LAYER.bar} ${panelClassName}`}>
          {children}
        </div>
      ) : null}
    </Root>
  );
}
