// Which handler serves which catalog endpoint.
import type { EndpointId } from '../../../src-shared/spec';
import { contactAdd, contactRemove } from './contacts';
import { me, otpVerify } from './me';
import { bulkSend, messageSend } from './messages';
import type { ApiHandler } from './pipeline';
import { resourceInfo, resourceList } from './resources';

export const API_HANDLERS: Partial<Record<EndpointId, ApiHandler>> = {
  me,
  'otp.verify': otpVerify,
  'contact.add': contactAdd,
  'contact.remove': contactRemove,
  'message.send': messageSend,
  'bulk.send': bulkSend,
  'resource.info': resourceInfo,
  'resource.list': resourceList,
};
