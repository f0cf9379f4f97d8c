import { inArray } from 'drizzle-orm';
import type { PostType } from '@tt/domain';
import type { AreaSeed } from '../../db/seed-types.ts';
import { at as atDays } from '../../db/seed-world.ts';
import { communityComments, communityLikes, communityPosts } from './tables.ts';

interface SeedPost {
  author: 'coordinator' | 'retailer' | number;
  post_type: PostType;
  title: string | null;
  content: string;
  days: number;
  pinned?: boolean;
  comments: { author: 'coordinator' | 'retailer' | number; content: string }[];
  likes: number;
}

/**
 * A few weeks of the feed: the demo coordinator's pinned announcement about the co-op's bulk buy, and the
 * seeded shop owners' questions, tips and a success story, with the comments and likes they drew. Counts
 * on the screen are computed from these rows.
 */
export const seed: AreaSeed = {
  area: 'community',
  async demo(tx, world) {
    const { demo, members } = world.users!;
    const member = (i: number) => members[i % members.length]!;
    const who = (author: SeedPost['author']) =>
      author === 'coordinator' ? demo.coordinator : author === 'retailer' ? demo.retailer : member(author);
    const posts: SeedPost[] = [
      {
        author: 'coordinator',
        post_type: 'announcement',
        title: 'Bulk maize meal order closes Friday',
        content:
          'Members of Umlazi Traders Cooperative: our bulk order of 10 kg maize meal closes on Friday at 17:00. ' +
          'Join it on the Bulk Orders screen to get the co-op price.',
        days: -2,
        pinned: true,
        comments: [{ author: 0, content: 'Joined for 20 bags. Thank you for organising!' }],
        likes: 6,
      },
      {
        author: 1,
        post_type: 'question',
        title: 'Keeping bread fresh in summer?',
        content: 'My bread goes stale by the afternoon when it is hot. How do you store it in a small shop?',
        days: -1,
        comments: [
          { author: 2, content: 'Keep it out of the sun and order smaller batches twice a day.' },
          { author: 'retailer', content: 'A closed plastic crate under the counter works for me.' },
        ],
        likes: 3,
      },
      {
        author: 3,
        post_type: 'success_story',
        title: 'Airtime and electricity doubled my foot traffic',
        content:
          'Since I started selling prepaid electricity and airtime, people come in every day and buy bread and ' +
          'cold drinks while they are here. Sales are up by a third in two months.',
        days: -5,
        comments: [{ author: 4, content: 'Which supplier do you use for the vouchers?' }],
        likes: 9,
      },
      {
        author: 'retailer',
        post_type: 'discussion',
        title: null,
        content: 'Load-shedding is back this week. What do you do to keep cold drinks cold without power?',
        days: -3,
        comments: [{ author: 5, content: 'A small gas fridge paid for itself in three months.' }],
        likes: 4,
      },
    ];
    for (const p of posts) {
      const created = atDays(world.now, p.days);
      const [row] = await tx
        .insert(communityPosts)
        .values({
          author_id: who(p.author),
          post_type: p.post_type,
          title: p.title,
          content: p.content,
          is_pinned: p.pinned ?? false,
          created_at: created,
        })
        .returning({ id: communityPosts.id });
      const postId = row!.id;
      if (p.comments.length) {
        await tx.insert(communityComments).values(
          p.comments.map((c, i) => ({
            post_id: postId,
            author_id: who(c.author),
            content: c.content,
            created_at: new Date(created.getTime() + (i + 1) * 3_600_000),
          })),
        );
      }
      const likers = [...new Set(Array.from({ length: p.likes }, (_, i) => member(i + 6)))];
      if (likers.length) {
        await tx.insert(communityLikes).values(likers.map((user_id) => ({ post_id: postId, user_id })));
      }
    }
  },
  /** The demo accounts' posts (their likes, comments and reports go with them). */
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    await tx.delete(communityPosts).where(inArray(communityPosts.author_id, userIds));
  },
};
