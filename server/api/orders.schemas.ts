import { Type, type Static } from '@sinclair/typebox';
import { Base } from './schemas.ts';

// Bodies of the order, order-image and wallet calls (open objects, like the rest of the API).

const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const OrderListBody = Type.Object({
  ...Base,
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type OrderListBody = Static<typeof OrderListBody>;

export const OrderIdBody = Type.Object({ ...Base, order_id: RowId });
export type OrderIdBody = Static<typeof OrderIdBody>;

/** rating and review are checked in the handler for the exact messages. */
export const AddRatingBody = Type.Object({
  ...Base,
  order_id: RowId,
  rating: Type.Unknown(),
  review: Type.Optional(Type.Unknown()),
});
export type AddRatingBody = Static<typeof AddRatingBody>;

/** 2 MB of image is ~2.8 MB of base64; the exact size is checked after parsing. */
export const IMAGE_BODY_LIMIT = 3 * 1024 * 1024;

export const UploadImageBody = Type.Object({ ...Base, image: Type.String({ minLength: 1, maxLength: IMAGE_BODY_LIMIT }) });
export type UploadImageBody = Static<typeof UploadImageBody>;

export const ImageTokenBody = Type.Object({ ...Base, token: Type.String({ minLength: 1, maxLength: 100 }) });
export type ImageTokenBody = Static<typeof ImageTokenBody>;

export const WalletHistoryBody = OrderListBody;
