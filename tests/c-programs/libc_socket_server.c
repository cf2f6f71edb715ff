// A small threaded server: main sets its options and the listening socket up before it
// starts the workers; each worker accepts a connection into its own stack buffers,
// waits for it with poll, reads a request with recvfrom and answers with send, and
// counts it under a lock. The socket calls are in racefree's library table: they read
// or write only what their pointer arguments point to, and none of them hands out an
// address, so the options stay proved (with code racefree knows nothing of, any
// global with external linkage could be reached by a pointer it returns).
// expect: port race-free
// expect: backlog race-free
// expect: served race-free
// expect: listen_fd race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: libc_socket_server_count.c
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

int port = 8080;
int backlog = 16;
int listen_fd = -1;
long served;
static pthread_mutex_t served_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
serve (void *arg)
{
  (void) arg;
  for (;;)
    {
      struct sockaddr_in peer;
      socklen_t len = sizeof peer;
      char buf[512];
      int fd = accept (listen_fd, (struct sockaddr *) &peer, &len);
      if (fd < 0)
        break;
      struct pollfd p = { .fd = fd, .events = POLLIN };
      if (poll (&p, 1, 1000) <= 0)
        {
          close (fd);
          continue;
        }
      struct sockaddr_in from;
      socklen_t flen = sizeof from;
      ssize_t n = recvfrom (fd, buf, sizeof buf - 1, 0, (struct sockaddr *) &from, &flen);
      if (n > 0)
        {
          buf[n] = 0;
          char reply[64];
          int m = snprintf (reply, sizeof reply, "%d %u\n", port, (unsigned) ntohs (peer.sin_port));
          send (fd, reply, (size_t) m, 0);
        }
      close (fd);
      pthread_mutex_lock (&served_lock);
      served++;
      pthread_mutex_unlock (&served_lock);
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    port = atoi (argv[1]);
  if (argc > 2)
    backlog = atoi (argv[2]);
  listen_fd = socket (AF_INET, SOCK_STREAM, 0);
  if (listen_fd < 0)
    return 1;
  int one = 1;
  setsockopt (listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  fcntl (listen_fd, F_SETFD, FD_CLOEXEC);
  struct sockaddr_in addr;
  memset (&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons ((unsigned short) port);
  addr.sin_addr.s_addr = inet_addr ("127.0.0.1");
  if (bind (listen_fd, (struct sockaddr *) &addr, sizeof addr) != 0 || listen (listen_fd, backlog) != 0)
    return 1;
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, serve, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld served\n", served);
  return 0;
}
