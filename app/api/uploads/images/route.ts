// Image upload of the image library (lib/images/upload-route.ts).
import { handleImageUpload } from "@/lib/images/upload-route";

export const dynamic = "force-dynamic";

export const POST = handleImageUpload;
