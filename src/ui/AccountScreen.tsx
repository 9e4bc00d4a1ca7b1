import type { ReactNode } from 'react';
import { ScreenHeading } from './headings.tsx';

/** An account screen (sign-in, sign-up, forgot or reset password): its heading, then its forms. */
export function AccountScreen({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4" part="form">
      <ScreenHeading className="m-0 text-xl font-semibold">{title}</ScreenHeading>
      {children}
    </div>
  );
}
