/**
 * @jest-environment jsdom
 */
// The targeting map: business.md 9's presets by name, each moving the
// projection; targeted and blocked countries in their colours, named in the
// text alternative; a click placing a geofence location at the inverted
// latitude and longitude with the default 1 km; a radius in miles drawn
// wider than the same number of km; removing locations from the keyboard.
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GEO_MAP_FILLS, GEO_MAP_PRESETS, WORLD_VIEW, geoMapView, mercatorScale } from "@/lib/strategies/geo-map";
import type { StrategyFormInput } from "@/lib/strategies/form";
import { MapAndGeofence } from "./targeting-map";
import { WithWizardForm } from "./test-fixtures";
import { locationAt, mapProjection } from "./world-map";

const SPEC_PRESETS = ["India", "Latin America", "North America", "Europe", "Russia", "China", "Japan", "Korea", "ANZ", "SEA", "MEA"];

const values = () => JSON.parse(screen.getByTestId("form-values").textContent ?? "{}");
const show = (values: Partial<StrategyFormInput> = {}) =>
  render(
    <WithWizardForm values={values}>
      <MapAndGeofence />
    </WithWizardForm>,
  );
/** The map once its chunk and shapes have loaded. */
async function loadedMap() {
  const svg = await screen.findByTestId("geo-map-svg");
  await waitFor(() => expect(svg.querySelector('path[data-code="DE"]')).not.toBeNull());
  return svg as unknown as SVGSVGElement;
}
const country = (svg: Element, code: string) => svg.querySelector(`path[data-code="${code}"]`)!;

/** The width of an svg path's drawing, from the coordinates in its `d`. */
function pathWidth(d: string): number {
  const numbers = (d.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? []).map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  return Math.max(...xs) - Math.min(...xs);
}

const geographies = (target: string[], blocked: string[]) => ({
  country: { targetList: target, blockedList: blocked },
  state: { targetList: [], blockedList: [] },
  city: { targetList: [], blockedList: [] },
  customGeoTargeting: false,
});

test("the view selector offers the world, then exactly the spec's presets; a preset moves the projection's scale and centre", async () => {
  show();
  expect(GEO_MAP_PRESETS.map((p) => p.name)).toEqual(SPEC_PRESETS);
  const select = screen.getByLabelText("Map view");
  expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["World", ...SPEC_PRESETS]);
  expect(select).toHaveValue("world");

  const svg = await loadedMap();
  expect(svg).toHaveAttribute("data-scale", String(mercatorScale(2)));
  expect(svg).toHaveAttribute("data-centre", "0,20");
  const germanyAtZoom2 = country(svg, "DE").getAttribute("d");

  fireEvent.change(select, { target: { value: "europe" } });
  expect(svg).toHaveAttribute("data-view", "europe");
  expect(svg).toHaveAttribute("data-scale", String(mercatorScale(4)));
  expect(svg).toHaveAttribute("data-centre", "12,54");
  expect(country(svg, "DE").getAttribute("d")).not.toEqual(germanyAtZoom2);
  expect(pathWidth(country(svg, "DE").getAttribute("d")!)).toBeGreaterThan(3.5 * pathWidth(germanyAtZoom2!));
  // The view's centre is the middle of the map.
  const [x, y] = mapProjection(geoMapView("europe"))([12, 54])!;
  expect(x).toBeCloseTo(512);
  expect(y).toBeCloseTo(300);
});

test("targeted countries get one fill, blocked ones another, the rest neither; the text alternative names them", async () => {
  show({ targetGeographies: geographies(["DE", "FR"], ["RU"]) });
  const svg = await loadedMap();
  expect(svg).toHaveAttribute("role", "img");
  expect(country(svg, "DE")).toHaveAttribute("fill", GEO_MAP_FILLS.targeted);
  expect(country(svg, "FR")).toHaveAttribute("fill", GEO_MAP_FILLS.targeted);
  expect(country(svg, "RU")).toHaveAttribute("fill", GEO_MAP_FILLS.blocked);
  expect(country(svg, "BR")).toHaveAttribute("fill", GEO_MAP_FILLS.other);
  expect(svg).toHaveAccessibleName("Map of World. Targeted countries: Germany, France. Blocked countries: Russia.");
  expect(within(screen.getByTestId("geo-map-legend")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Targeted", "Blocked", "Geofence"]);
});

test("a click on the map adds a geofence location at the inverted latitude and longitude, 1 km around by default", async () => {
  show();
  const svg = await loadedMap();
  // Off, a click places nothing.
  svg.getBoundingClientRect = () => ({ left: 100, top: 50, width: 512, height: 300, right: 612, bottom: 350, x: 100, y: 50, toJSON: () => ({}) });
  fireEvent.click(svg, { clientX: 100 + 320, clientY: 50 + 118 });
  expect(values().geoFenceDTO).toBeUndefined();

  fireEvent.click(screen.getByLabelText("Target users near these locations"));
  fireEvent.click(svg, { clientX: 100 + 320, clientY: 50 + 118 });
  // The map is drawn at half its box's size: (320, 118) on screen is (640, 236) in the box.
  const expected = locationAt(mapProjection(WORLD_VIEW), [640, 236])!;
  expect(expected.longitude).toBeCloseTo(45, 0);
  expect(values().geoFenceDTO).toEqual({ isEnabled: true, targetList: [expected], radius: 1, radiusUnit: "km" });
  expect(screen.getByTestId("geofence-points")).toHaveTextContent(`${expected.latitude}, ${expected.longitude}`);
  expect(svg.querySelectorAll('[data-testid="geo-map-fence"]')).toHaveLength(1);
  expect(svg).toHaveAccessibleName(/Geofence: 1 location, 1 km around each\./);
});

test("a radius in miles draws a wider circle than the same number of km", async () => {
  show({ geoFenceDTO: { isEnabled: true, targetList: [{ latitude: 52.52, longitude: 13.405 }], radius: 100, radiusUnit: "km" } });
  const svg = await loadedMap();
  const circleWidth = () => pathWidth(svg.querySelector('[data-testid="geo-map-fence-circle"]')!.getAttribute("d")!);
  const inKm = circleWidth();
  expect(inKm).toBeGreaterThan(0);
  fireEvent.change(screen.getByLabelText("Radius unit"), { target: { value: "miles" } });
  expect(values().geoFenceDTO.radiusUnit).toBe("miles");
  expect(circleWidth()).toBeCloseTo(inKm * 1.60934, 0);
});

test("each location is removed with its own button, the focus staying in the list", async () => {
  const points = [
    { latitude: 52.52, longitude: 13.405 },
    { latitude: 48.8566, longitude: 2.3522 },
  ];
  show({ geoFenceDTO: { isEnabled: true, targetList: points, radius: 1, radiusUnit: "km" } });
  await loadedMap();
  expect(screen.getByTestId("geofence-count")).toHaveTextContent("2 locations");
  screen.getByRole("button", { name: "Remove location 52.52, 13.405" }).focus();
  fireEvent.click(screen.getByRole("button", { name: "Remove location 52.52, 13.405" }));
  expect(values().geoFenceDTO.targetList).toEqual([points[1]]);
  await waitFor(() => expect(screen.getByRole("button", { name: "Remove location 48.8566, 2.3522" })).toHaveFocus());
  fireEvent.click(screen.getByRole("button", { name: "Remove location 48.8566, 2.3522" }));
  await waitFor(() => expect(screen.getByLabelText("Latitude")).toHaveFocus());
  expect(screen.getByTestId("geofence-count")).toHaveTextContent("No locations yet");
});
