import logoUrl from '../../assets/logo.svg';
import { LOGO_SIZE } from '../../lib/ui-constants.ts';

/** The logo image; decorative, since the brand text always sits beside it. */
export function Logo({ size = LOGO_SIZE }: { size?: number }) {
  return <img src={logoUrl} alt="" width={size} height={size} style={{ display: 'block' }} />;
}
