import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MerchantRecord, MerchantRepository } from '../domain/merchants';
import { documentClient, tableName } from './dynamo';

export const merchantStore: MerchantRepository = {
  async get(merchantId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('merchants'), Key: { merchantId } }),
    );
    return Item as MerchantRecord | undefined;
  },
};
