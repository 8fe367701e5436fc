/**
 * The New Verification form's carrier picker with its option styles, as a module of its own that the 271 preview
 * loads after it shows: antd's Select (some 24 KB compressed) would take the page over its JavaScript budget, and
 * the carrier is optional.
 */
import '../../verification/new/new-verification.css';

export { CarrierSelect } from '../../verification/new/carrier-select';
