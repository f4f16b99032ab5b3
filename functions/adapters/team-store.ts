/**
 * The members table (infra/tables.ts): per business, `M#<memberId>` rows and `I#<invitationId>` rows (and the
 * person's own session cut, `SESSIONS`: functions/adapters/session-end-store.ts).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InvitationRecord, MemberRecord, TeamRepository } from '../domain/team';
import { conditionally, documentClient, queryAll, tableName } from './dynamo';

const memberKey = (businessId: string, memberId: string) => ({ businessId, entry: `M#${memberId}` });
const invitationKey = (businessId: string, invitationId: string) => ({ businessId, entry: `I#${invitationId}` });
/** DynamoDB's TTL clears an invitation a day after it stopped working (readers check `expiresAt` themselves). */
const ttlOf = (invitation: InvitationRecord) => Math.floor(Date.parse(invitation.expiresAt) / 1000) + 24 * 60 * 60;

function withoutKeys<T>(item: Record<string, unknown>): T {
  const { entry: _entry, expiresAtSeconds: _ttl, ...rest } = item;
  return rest as T;
}

export const teamStore: TeamRepository = {
  async getMember(businessId, memberId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('members'), Key: memberKey(businessId, memberId), ConsistentRead: true }),
    );
    return Item ? withoutKeys<MemberRecord>(Item) : undefined;
  },
  async listTeam(businessId) {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName('members'),
      KeyConditionExpression: 'businessId = :businessId',
      ExpressionAttributeValues: { ':businessId': businessId },
      ConsistentRead: true,
    });
    const members: MemberRecord[] = [];
    const invitations: InvitationRecord[] = [];
    for (const item of items) {
      if (String(item.entry).startsWith('M#')) members.push(withoutKeys<MemberRecord>(item));
      else if (String(item.entry).startsWith('I#')) invitations.push(withoutKeys<InvitationRecord>(item));
    }
    return { members, invitations };
  },
  async membershipsOf(memberId) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('members'),
        IndexName: 'byMember',
        KeyConditionExpression: 'memberId = :memberId',
        ExpressionAttributeValues: { ':memberId': memberId },
      }),
    );
    return (Items ?? []).map((item) => withoutKeys<MemberRecord>(item));
  },
  async putInvitation(invitation) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('members'),
        Item: {
          ...invitation,
          ...invitationKey(invitation.businessId, invitation.invitationId),
          expiresAtSeconds: ttlOf(invitation),
        },
      }),
    );
  },
  async findInvitation(tokenHash) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('members'),
        IndexName: 'byInvitationToken',
        KeyConditionExpression: 'tokenHash = :tokenHash',
        ExpressionAttributeValues: { ':tokenHash': tokenHash },
      }),
    );
    return Items?.[0] ? withoutKeys<InvitationRecord>(Items[0]) : undefined;
  },
  async removeInvitation(businessId, invitationId) {
    const deleted = await conditionally(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName('members'),
          Key: invitationKey(businessId, invitationId),
          ConditionExpression: 'attribute_exists(entry)',
        }),
      ),
    );
    return deleted !== undefined;
  },
  async acceptInvitation(invitation, member) {
    // No transactions in the local DynamoDB: the conditional delete is the single use (one acceptor wins);
    // a failure between the two writes loses the invitation, never doubles a member.
    const used = await conditionally(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName('members'),
          Key: invitationKey(invitation.businessId, invitation.invitationId),
          ConditionExpression: 'tokenHash = :tokenHash',
          ExpressionAttributeValues: { ':tokenHash': invitation.tokenHash },
        }),
      ),
    );
    if (!used) return false;
    const joined = await conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('members'),
          Item: { ...member, ...memberKey(member.businessId, member.memberId) },
          ConditionExpression: 'attribute_not_exists(entry)',
        }),
      ),
    );
    return joined !== undefined;
  },
  async setRole(businessId, memberId, role) {
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('members'),
          Key: memberKey(businessId, memberId),
          UpdateExpression: 'SET #role = :role',
          ConditionExpression: 'attribute_exists(entry)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role },
        }),
      ),
    );
    return updated !== undefined;
  },
  async removeMember(businessId, memberId) {
    const deleted = await conditionally(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName('members'),
          Key: memberKey(businessId, memberId),
          ConditionExpression: 'attribute_exists(entry)',
        }),
      ),
    );
    return deleted !== undefined;
  },
};
