/** The API's JSON shapes the tools read (only the fields they use; everything else passes through untyped). */

export interface Ref {
  self?: string;
  id?: string | number;
  key?: string;
  display?: string;
}

export interface ApiIssue {
  id: string;
  key: string;
  version?: number;
  summary: string;
  description?: string;
  type?: Ref;
  priority?: Ref;
  status?: Ref;
  resolution?: Ref;
  queue?: Ref;
  assignee?: Ref;
  createdBy?: Ref;
  updatedBy?: Ref;
  createdAt?: string;
  updatedAt?: string;
  followers?: Ref[];
  tags?: string[];
  components?: Ref[];
  sprint?: Ref[];
  parent?: Ref;
  deadline?: string;
  storyPoints?: number;
  [field: string]: unknown;
}
