import { NotFoundView } from "@/components/common/not-found-view";

export default function NotFound() {
  return <NotFoundView />;
}
