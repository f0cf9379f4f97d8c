import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  communityContracts as c,
  COMMUNITY_PAGE_SIZE,
  type BodyIn,
  type PostType,
  type UploadedImage,
} from '@tt/domain';
import { call } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { queryRoots } from '../../lib/invalidation';

/** One key factory for the community: a write invalidates exactly what it changed. */
export const communityKeys = {
  all: [queryRoots.community] as const,
  feeds: () => [...communityKeys.all, 'feed'] as const,
  feed: (type: PostType | null) => [...communityKeys.feeds(), type ?? 'all'] as const,
  comments: (postId: number) => [...communityKeys.all, 'comments', postId] as const,
  reported: () => [...communityKeys.all, 'reported'] as const,
};

/** Other members post, like and comment: the feed looks again every half minute while it is open. */
const FEED_REFRESH_MS = 30_000;

/** GET /api/community/posts, page after page (Load more), for one post type or all. */
export const useCommunityFeed = (type: PostType | null) =>
  useInfiniteQuery({
    queryKey: communityKeys.feed(type),
    queryFn: ({ pageParam }) =>
      call(c.posts, {
        query: { page: pageParam, limit: COMMUNITY_PAGE_SIZE, ...(type ? { post_type: type } : {}) },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
    refetchInterval: FEED_REFRESH_MS,
  });

/** GET /api/community/posts/:id/comments, once the thread is opened. */
export const useComments = (postId: number, open: boolean) =>
  useQuery({
    queryKey: communityKeys.comments(postId),
    queryFn: () => call(c.comments, { params: { id: postId } }),
    enabled: open,
  });

/** GET /api/community/reported-posts: the admins' moderation view. */
export const useReportedPosts = (enabled: boolean) =>
  useQuery({ queryKey: communityKeys.reported(), queryFn: () => call(c.reported), enabled });

/** Something about posts changed: every feed (any filter) and the moderation view are stale. */
function usePostsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: communityKeys.feeds() });
    void queryClient.invalidateQueries({ queryKey: communityKeys.reported() });
  };
}

export type PostBody = BodyIn<typeof c.createPost>;
export type PostEdit = BodyIn<typeof c.updatePost>;

export function useCreatePost() {
  const changed = usePostsChanged();
  return useMutation({ mutationFn: (body: PostBody) => call(c.createPost, { body }), onSuccess: changed });
}

export function useUpdatePost(id: number) {
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: (body: PostEdit) => call(c.updatePost, { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useDeletePost() {
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: (id: number) => call(c.deletePost, { params: { id } }),
    onSuccess: changed,
  });
}

export function useLike() {
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: ({ id, liked }: { id: number; liked: boolean }) =>
      call(liked ? c.like : c.unlike, { params: { id } }),
    onSuccess: changed,
  });
}

export function useAddComment(postId: number) {
  const queryClient = useQueryClient();
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.createComment>) =>
      call(c.createComment, { params: { id: postId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
      changed();
    },
  });
}

export function usePin() {
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) =>
      call(c.pin, { params: { id }, body: { is_pinned: pinned } }),
    onSuccess: changed,
  });
}

export function useReport() {
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      call(c.report, { params: { id }, body: { reason } }),
    onSuccess: changed,
  });
}

export function useHide() {
  const changed = usePostsChanged();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      call(c.hide, { params: { id }, body: { is_hidden: hidden } }),
    onSuccess: changed,
  });
}

/** POST /api/community/images: multipart, so sent by the upload helper rather than the JSON fetcher. */
export const uploadImage = (file: File) => uploadFile<UploadedImage>(c.uploadImage.path, file);

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
