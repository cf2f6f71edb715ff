// A realistic server loop simulated with a pipe: main reads request numbers with
// read() (EINTR retried) and hands each to a detached thread (pthread_attr_t,
// PTHREAD_CREATE_DETACHED) that writes its reply with write(); handlers count what
// they served under a lock and main waits for them with a counter and a condition
// variable. A sigaction handler sets an atomic_int stop flag that main polls (a
// lock-free atomic may be used from a handler); signal (SIGPIPE, SIG_IGN) installs
// no handler.
// expect: stop_requested race-free
// expect: running race-free
// expect: served race-free
// expect: failed race-free
// expect: heap@real_server_fixed.c:148.id race-free
// expect: heap@real_server_fixed.c:148.reply_fd race-free
// known-gap: heap@real_server_fixed.c:148.id RACE: main frees a request whose thread could not be
//   created, but in the model pthread_create always creates the thread (and the request
//   objects of one allocation site are one location)
// known-gap: heap@real_server_fixed.c:148.reply_fd RACE: as heap@real_server_fixed.c:148.id
// expect-stderr: sigaction: handler 'on_signal' taken to run in a thread of its own
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct request
{
  int id;
  int reply_fd;
};

static atomic_int stop_requested;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static unsigned served, running, failed;

static void
on_signal (int sig)
{
  (void) sig;
  atomic_store (&stop_requested, 1);
}

static int
write_all (int fd, const void *buf, size_t len)
{
  const char *p = buf;
  while (len > 0)
    {
      ssize_t n = write (fd, p, len);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return -1;
        }
      p += n;
      len -= (size_t) n;
    }
  return 0;
}

static void *
handle_request (void *arg)
{
  struct request *req = arg;
  char reply[64];
  int len = snprintf (reply, sizeof reply, "reply %d\n", req->id);
  int rc = write_all (req->reply_fd, reply, (size_t) len);

  pthread_mutex_lock (&stats_lock);
  if (rc == 0)
    served++;
  else
    failed++;
  if (--running == 0)
    pthread_cond_signal (&idle);
  pthread_mutex_unlock (&stats_lock);
  free (req);
  return NULL;
}

static int
spawn_detached (struct request *req)
{
  pthread_attr_t attr;
  pthread_t tid;
  int err;

  if ((err = pthread_attr_init (&attr)) != 0)
    return err;
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  pthread_mutex_lock (&stats_lock);
  running++;
  pthread_mutex_unlock (&stats_lock);
  err = pthread_create (&tid, &attr, handle_request, req);
  if (err != 0)
    {
      pthread_mutex_lock (&stats_lock);
      running--;
      pthread_mutex_unlock (&stats_lock);
    }
  pthread_attr_destroy (&attr);
  return err;
}

int
main (void)
{
  int requests[2], replies[2];
  struct sigaction sa;

  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset (&sa.sa_mask);
  if (sigaction (SIGINT, &sa, NULL) < 0 || sigaction (SIGTERM, &sa, NULL) < 0)
    {
      perror ("sigaction");
      return 1;
    }
  signal (SIGPIPE, SIG_IGN);
  if (pipe (requests) < 0 || pipe (replies) < 0)
    {
      perror ("pipe");
      return 1;
    }
  for (int i = 0; i < 8; i++)
    if (write_all (requests[1], &i, sizeof i) < 0)
      break;
  close (requests[1]);

  while (!atomic_load (&stop_requested))
    {
      int id;
      ssize_t n = read (requests[0], &id, sizeof id);
      if (n == 0)
        break;
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          perror ("read");
          break;
        }
      struct request *req = malloc (sizeof *req);
      if (!req)
        break;
      req->id = id;
      req->reply_fd = replies[1];
      if (spawn_detached (req) != 0)
        free (req);
    }

  pthread_mutex_lock (&stats_lock);
  while (running > 0)
    pthread_cond_wait (&idle, &stats_lock);
  printf ("served %u, failed %u\n", served, failed);
  pthread_mutex_unlock (&stats_lock);
  return 0;
}
