export {
  createSlipCheckStandIn,
  type SlipCheckStandIn,
  type SlipCheckStandInOptions,
  type StandInFault,
  type StandInTransfer,
} from "./server.js";
