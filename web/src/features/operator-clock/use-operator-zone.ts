import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { useSettings } from '../../app/settings-context';

/**
 * The operator's time zone from the public settings. Dates the platform shows and the Book Later
 * field use it rather than the device's clock, so everyone reads the same day the server counts.
 */
export function useOperatorZone(): string {
  return operatorZone(useSettings().settings);
}
