import { Alert, AspectRatio, Badge, Button, Group, Loader, Modal, Rating, Stack, Text } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, type SyntheticEvent } from 'react';
import { vimeoEmbedUrl, youtubePlayerEmbedUrl, type LearningPlayerModule } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useLearningModule, useMarkDone, useRateModule, useReportProgress } from '../api/learning-api.ts';
import { ProgressReporter, readVimeoMessage, readYouTubeMessage, VIMEO_PLAYER_ORIGIN, VIMEO_SUBSCRIBE_MESSAGES, YOUTUBE_EMBED_ORIGIN, YOUTUBE_LISTENING_MESSAGE, type PlayerTime } from '../lib/player-events.ts';

/** One reporter per opened module; it sends its last time when the player closes. */
function useProgressReporter(moduleId: string): ProgressReporter {
  const { mutate } = useReportProgress(moduleId);
  // Progress update failures are only logged (spec 2 section 8); the next report carries the time again.
  const reporter = useMemo(() => new ProgressReporter((r) => mutate(r, { onError: (error) => console.warn('Learning progress not saved:', error.message) })), [mutate]);
  useEffect(() => () => reporter.flush(Date.now()), [reporter]);
  return reporter;
}

/** Listens to an embedded player's messages (only from that iframe and its origin). */
function useFrameMessages(frame: React.RefObject<HTMLIFrameElement | null>, origin: string, onMessage: (data: unknown) => void) {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      handler.current(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frame, origin]);
}

function YouTubePlayer({ module, videoId, onTime }: { module: LearningPlayerModule; videoId: string; onTime: (time: PlayerTime) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const heard = useRef(false);
  useFrameMessages(frame, YOUTUBE_EMBED_ORIGIN, (data) => {
    heard.current = true;
    const time = readYouTubeMessage(data);
    if (time) onTime(time);
  });
  // What the IFrame API script does: say "listening" until the player answers.
  const onLoad = () => {
    let tries = 0;
    const say = () => {
      if (heard.current || tries >= 20) return;
      tries += 1;
      frame.current?.contentWindow?.postMessage(YOUTUBE_LISTENING_MESSAGE, YOUTUBE_EMBED_ORIGIN);
      setTimeout(say, 500);
    };
    say();
  };
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        ref={frame}
        src={youtubePlayerEmbedUrl(videoId, window.location.origin)}
        title={module.title}
        onLoad={onLoad}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}

function VimeoPlayer({ module, videoId, onTime }: { module: LearningPlayerModule; videoId: string; onTime: (time: PlayerTime) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const subscribe = () => {
    for (const message of VIMEO_SUBSCRIBE_MESSAGES) frame.current?.contentWindow?.postMessage(JSON.stringify(message), VIMEO_PLAYER_ORIGIN);
  };
  useFrameMessages(frame, VIMEO_PLAYER_ORIGIN, (data) => {
    const read = readVimeoMessage(data);
    if (read === 'ready') subscribe();
    else if (read) onTime(read);
  });
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe ref={frame} src={vimeoEmbedUrl(videoId)} title={module.title} onLoad={subscribe} allow="autoplay; fullscreen; picture-in-picture" style={{ border: 0 }} />
    </AspectRatio>
  );
}

function FileVideo({ module, url, onTime }: { module: LearningPlayerModule; url: string; onTime: (time: PlayerTime, flush?: boolean) => void }) {
  const read = (event: SyntheticEvent<HTMLVideoElement>, ended = false): PlayerTime => ({ currentTime: event.currentTarget.currentTime, duration: event.currentTarget.duration, ...(ended ? { ended } : {}) });
  return (
    <video
      src={url}
      controls
      preload="metadata"
      aria-label={module.title}
      style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
      onTimeUpdate={(event) => onTime(read(event))}
      onPause={(event) => onTime(read(event), true)}
      onEnded={(event) => onTime(read(event, true), true)}
    />
  );
}

/** Documents and links: opened in the browser (counts as started), complete by "Mark as done". */
function OpenAndMarkDone({ module, url }: { module: LearningPlayerModule; url: string }) {
  const report = useReportProgress(module.id);
  const done = useMarkDone(module.id);
  const completed = module.progress?.is_completed ?? false;
  const onOpen = () => {
    if (!module.progress) report.mutate({ watch_time_seconds: 0, total_duration_seconds: 0 }, { onError: (error) => console.warn('Learning progress not saved:', error.message) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{module.description}</Text>
      <Group gap="sm">
        <Button component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} aria-hidden />} onClick={onOpen}>
          {module.kind === 'document' ? 'Open document' : 'Open link'}
        </Button>
        <Button variant="light" color="green" leftSection={<IconCheck size={16} aria-hidden />} loading={done.isPending} disabled={completed} onClick={() => done.mutate()}>
          {completed ? 'Done' : 'Mark as done'}
        </Button>
      </Group>
      {done.isError && (
        <Alert color="red" role="alert">
          {done.error.message}
        </Alert>
      )}
    </Stack>
  );
}

function RateModule({ module }: { module: LearningPlayerModule }) {
  const rate = useRateModule(module.id);
  return (
    <Group gap="sm">
      <Text size="sm" id={`rate-${module.id}`}>
        Rate this module
      </Text>
      <Rating value={module.my_rating ?? 0} onChange={(value) => rate.mutate(value)} aria-labelledby={`rate-${module.id}`} readOnly={rate.isPending} />
      {rate.isError && (
        <Text size="sm" c="red" role="alert">
          {rate.error.message}
        </Text>
      )}
    </Group>
  );
}

function ModulePlayer({ module }: { module: LearningPlayerModule }) {
  const reporter = useProgressReporter(module.id);
  const onTime = (time: PlayerTime, flush = false) => reporter.update(time, Date.now(), flush);
  const { source } = module;
  const percent = module.progress?.completion_percentage ?? 0;
  return (
    <Stack gap="md">
      {source.kind === 'youtube' && <YouTubePlayer module={module} videoId={source.video_id} onTime={onTime} />}
      {source.kind === 'vimeo' && <VimeoPlayer module={module} videoId={source.video_id} onTime={onTime} />}
      {source.kind === 'file' && source.mime_type.startsWith('video/') && <FileVideo module={module} url={source.url} onTime={onTime} />}
      {((source.kind === 'file' && !source.mime_type.startsWith('video/')) || source.kind === 'link') && <OpenAndMarkDone module={module} url={source.url} />}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {module.category.name} · {module.difficulty}
          {module.creator_name ? ` · By ${module.creator_name}` : ''}
        </Text>
        {module.progress?.is_completed ? (
          <Badge color="green" size="lg" leftSection={<IconCheck size={14} aria-hidden />}>
            Completed
          </Badge>
        ) : (
          module.progress && <Text size="sm">{percent}% done</Text>
        )}
      </Group>
      {source.kind !== 'link' && !(source.kind === 'file' && !source.mime_type.startsWith('video/')) && (
        <Text size="sm" c="dimmed">
          {module.description}
        </Text>
      )}
      {module.progress?.is_completed && <RateModule module={module} />}
    </Stack>
  );
}

/** The player modal: the module's video (YouTube, Vimeo, uploaded) or document, its progress and rating. */
export function ModulePlayerModal({ moduleId, title, onClose }: { moduleId: string | null; title: string; onClose: () => void }) {
  const module = useLearningModule(moduleId);
  return (
    <Modal opened={moduleId !== null} onClose={onClose} title={title} size="xl" centered>
      {module.isPending ? (
        <Loader aria-label="Loading the module" />
      ) : module.isError ? (
        <LoadError message={module.error.message} onRetry={() => void module.refetch()} />
      ) : (
        <ModulePlayer key={module.data.id} module={module.data} />
      )}
    </Modal>
  );
}
