/** What the emulator keeps of user groups and guests (types only: the state and groups-and-guests.ts read them). */

export interface GroupRecord {
  /** An upper-case UUID, as the API's examples ("C9C58BE9-7C73-4002-A6A9-310014852858"). */
  id: string;
  name: string;
  handle: string;
  members: number[];
  creator: number;
  dateCreated: number;
}

export type GuestPermission = 'read' | 'comment' | 'edit' | 'create';

export interface GuestRecord {
  userId: number;
  canEditTags: boolean;
  canSeeTimeSpent: boolean;
  canSeeTimeEstimated: boolean;
  canCreateViews: boolean;
  canSeePointsEstimated: boolean;
  customRoleId: number | null;
  invitedBy: number;
  dateInvited: number;
  shared: { tasks: SharedItem[]; lists: SharedItem[]; folders: SharedItem[] };
}

export interface SharedItem {
  id: string;
  permission: GuestPermission;
}
