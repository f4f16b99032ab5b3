import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MerchantRecord, MerchantRepository } from '../domain/merchants';
import { documentClient, tableName } from './dynamo';

export const merchantStore: MerchantRepository = {
  async get(merchantId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('merchants'), Key: { merchantId } }),
    );
    return Item as MerchantRecord | undefined;
  },

  async findByEmail(email) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('merchants'),
        IndexName: 'byEmail',
        KeyConditionExpression: 'email = :email',
        ExpressionAttributeValues: { ':email': email },
        Limit: 1,
      }),
    );
    return Items?.[0] as MerchantRecord | undefined;
  },

  async create(merchant) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('merchants'),
        Item: merchant,
        ConditionExpression: 'attribute_not_exists(merchantId)',
      }),
    );
  },

  async updateProfile(merchantId, { fullName, companyName }, now) {
    try {
      const { Attributes } = await documentClient().send(
        new UpdateCommand({
          TableName: tableName('merchants'),
          Key: { merchantId },
          UpdateExpression: 'SET fullName = :fullName, companyName = :companyName, updatedAt = :now',
          ConditionExpression: 'attribute_exists(merchantId)',
          ExpressionAttributeValues: { ':fullName': fullName, ':companyName': companyName, ':now': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as MerchantRecord;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },
};
