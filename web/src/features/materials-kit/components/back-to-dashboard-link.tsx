import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { materialsKitStrings as strings } from '../materials-kit-strings';

export function BackToDashboardLink() {
  return (
    <Link
      to="/dashboard"
      className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {strings.backToDashboard}
    </Link>
  );
}
