// The fixed twin of pointer_from_bytes.c: every write through a received pointer, and
// main's write of the counter, hold the lock.
// expect: counter race-free
// expect: stdin race-free
// racy-twin: pointer_from_bytes.c
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter;
int *published = &counter;

struct message {
  int kind;
  int *target;
};

static void *
from_fd (void *arg)
{
  struct message m = { 0, NULL };
  if (read (0, &m, sizeof m) == (ssize_t) sizeof m && m.target)
    {
      pthread_mutex_lock (&lock);
      *m.target = m.kind;
      pthread_mutex_unlock (&lock);
    }
  return arg;
}

static void *
from_stream (void *arg)
{
  struct message m[2] = { { 0, NULL }, { 0, NULL } };
  if (fread (m, sizeof m[0], 2, stdin) == 2)
    {
      pthread_mutex_lock (&lock);
      (*m[1].target)++;
      pthread_mutex_unlock (&lock);
    }
  return arg;
}

static void *
from_socket (void *arg)
{
  struct message m = { 0, NULL };
  if (recv (3, &m, sizeof m, 0) > 0)
    {
      pthread_mutex_lock (&lock);
      m.target[0] = 1;
      pthread_mutex_unlock (&lock);
    }
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, from_fd, NULL);
  pthread_create (&t, NULL, from_stream, NULL);
  pthread_create (&t, NULL, from_socket, NULL);
  pthread_mutex_lock (&lock);
  counter = 5;
  pthread_mutex_unlock (&lock);
  return 0;
}
