/** A Space tag: its name (the key every tag endpoint takes) and colours. */
export interface ApiTag {
  name: string;
  tag_fg?: string;
  tag_bg?: string;
}

export interface TagView {
  name: string;
  fg?: string;
  bg?: string;
}

export const toTagView = (tag: ApiTag): TagView => ({
  name: tag.name,
  ...(tag.tag_fg ? { fg: tag.tag_fg } : {}),
  ...(tag.tag_bg ? { bg: tag.tag_bg } : {}),
});
