import { redirectInApp } from "@/app/_lib/redirect";

// Settings has one page so far.
export default function SettingsPage() {
  redirectInApp("/settings/tokens");
}
