// The choices of a feed's update frequency, for the new-feed and edit forms' select.
import { UPDATE_FREQUENCIES } from "@/lib/catalog/schema";

export function UpdateFrequencyOptions() {
  return UPDATE_FREQUENCIES.map((f) => (
    <option key={f.hours} value={f.hours}>
      {f.label}
    </option>
  ));
}
