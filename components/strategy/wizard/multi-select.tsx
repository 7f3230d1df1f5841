"use client";
// A multi-select for the wizard's lists (pixels, exchanges, sites, apps,
// categories, deals, audiences, geographies, zip codes): the chosen items as
// chips with a remove button, and a combobox that filters the options as the
// user types. Options come as a list, or from `search` (the geography
// dataset, too large to send whole). `allowCustom` takes typed entries as
// they are (zip codes, device brands). Keyboard: arrows move through the
// options, Enter adds, Escape closes, Backspace in an empty box removes the
// last chip.
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { Field, inputClass } from "@/components/ui/field";

export interface MultiOption {
  value: string;
  label: string;
  /** A second line (an app's platform, a city's state and country). */
  detail?: string | null;
}

export interface MultiSelectProps {
  id: string;
  label: ReactNode;
  values: readonly string[];
  /** `added`: the option just chosen (a searched option's name is not in `options`). */
  onChange(values: string[], added?: MultiOption): void;
  options?: readonly MultiOption[];
  /** Options found by the text typed (debounced); used instead of `options`. */
  search?: (text: string) => Promise<MultiOption[]>;
  /** The chip text of a value (names of geographies chosen earlier). */
  labelOf?: (value: string) => string | undefined;
  allowCustom?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  /** Shown in the list when there is nothing to choose. */
  emptyText?: string;
}

const SHOWN = 50;

function useFound(search: MultiSelectProps["search"], text: string, open: boolean) {
  const [found, setFound] = useState<{ text: string; options: MultiOption[] } | null>(null);
  useEffect(() => {
    if (!search || !open) return;
    let live = true;
    const timer = setTimeout(() => {
      search(text).then(
        (options) => live && setFound({ text, options }),
        () => live && setFound({ text, options: [] }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, text, open]);
  return { options: found?.options ?? [], loading: !!search && open && found?.text !== text };
}

export function MultiSelect(props: MultiSelectProps) {
  const { id, label, values, onChange, options, search, allowCustom, placeholder, hint, error, disabled, emptyText = "Nothing to choose" } = props;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const found = useFound(search, text, open);

  const candidates = useMemo(() => {
    const pool = search ? found.options : (options ?? []);
    const needle = text.trim().toLowerCase();
    const matching = search || !needle ? pool : pool.filter((o) => o.label.toLowerCase().includes(needle) || o.value === needle);
    return matching.filter((o) => !values.includes(o.value));
  }, [search, found.options, options, text, values]);
  const shown = candidates.slice(0, SHOWN);
  const known = (value: string) => (options ?? []).find((o) => o.value === value) ?? found.options.find((o) => o.value === value);
  const nameOf = (value: string) => props.labelOf?.(value) ?? known(value)?.label ?? value;

  const add = (value: string) => {
    if (!values.includes(value)) onChange([...values, value], known(value) ?? { value, label: value });
    setText("");
    setActive(0);
  };
  const remove = (value: string) => onChange(values.filter((v) => v !== value));
  const custom = allowCustom && text.trim() && !values.includes(text.trim()) ? text.trim() : null;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (shown.length === 0 ? 0 : (i + step + shown.length) % shown.length));
    } else if (e.key === "Enter") {
      // Enter never submits the wizard from here.
      e.preventDefault();
      if (open && shown[active]) add(shown[active].value);
      else if (custom) add(custom);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === "Backspace" && text === "" && values.length > 0) {
      remove(values[values.length - 1]);
    }
  };

  const activeId = open && shown[active] ? `${listId}-${active}` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className={`${inputClass(!!error)} flex min-h-[2.5rem] flex-wrap items-center gap-1.5 px-2 py-1.5`} data-testid={`${id}-box`}>
        {values.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={`Chosen: ${typeof label === "string" ? label : ""}`.trim()}>
            {values.map((value) => (
              <li key={value} className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-800" data-testid={`${id}-chip`}>
                <span className="truncate">{nameOf(value)}</span>
                <button
                  type="button"
                  onClick={() => remove(value)}
                  disabled={disabled}
                  aria-label={`Remove ${nameOf(value)}`}
                  className="rounded-full px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-800 disabled:cursor-not-allowed"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="relative min-w-[8rem] flex-1">
          <input
            id={id}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={open && shown.length > 0 ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            autoComplete="off"
            disabled={disabled}
            value={text}
            placeholder={placeholder ?? (values.length ? "Add more" : "Type to search")}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="w-full border-0 bg-transparent p-0.5 text-sm outline-none placeholder:text-slate-400 disabled:cursor-not-allowed"
          />
          <div hidden={!open} className="absolute top-full left-0 z-20 mt-1 max-h-60 w-full min-w-[14rem] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            {shown.length > 0 ? (
              <ul id={listId} role="listbox" aria-label={typeof label === "string" ? label : "Options"}>
                {shown.map((o, i) => (
                  <li
                    key={o.value}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    data-value={o.value}
                    // Keeps the focus in the box: the list closes on blur.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => add(o.value)}
                    className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? "bg-accent text-slate-900" : "text-slate-700"}`}
                  >
                    <span className="block">{o.label}</span>
                    {o.detail ? <span className="block text-xs text-slate-600">{o.detail}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 py-1.5 text-sm text-slate-600" aria-live="polite">
                {found.loading ? "Searching..." : custom ? `Press Enter to add "${custom}"` : emptyText}
              </p>
            )}
            {candidates.length > SHOWN ? <p className="px-3 py-1.5 text-xs text-slate-600">{candidates.length - SHOWN} more: keep typing to narrow</p> : null}
          </div>
        </div>
      </div>
    </Field>
  );
}
