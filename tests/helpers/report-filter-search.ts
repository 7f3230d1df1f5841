// The server search behind a report filter's values, for component tests that
// replace it (jest.mock is hoisted, so it must be written in the test file):
//   jest.mock("@/lib/report-pages/actions", () => ({ searchReportFilterValuesAction: jest.fn() }));
import { searchReportFilterValuesAction } from "@/lib/report-pages/actions";

export const searchMock = searchReportFilterValuesAction as jest.MockedFunction<typeof searchReportFilterValuesAction>;
