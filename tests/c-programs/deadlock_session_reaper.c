// deadlock_session_reaper.c: A reaper thread walks the session table with sessions_mtx held and calls the public session_close() on expired entries, but session_close() locks sessions_mtx itself, so the reaper relocks a normal mutex it already holds and hangs (slot 0 starts expired, so this happens in every run).
// expect: closed_total race-free
// expect: open_flag[] race-free
// expect: ttl[] race-free
// expect-deadlock: relock sessions_mtx: SELF-DEADLOCK
// fixed-twin: deadlock_session_reaper_fixed.c
#include <pthread.h>
#include <stdio.h>

#define NSESSIONS 8

static pthread_mutex_t sessions_mtx = PTHREAD_MUTEX_INITIALIZER;
/* All three guarded by sessions_mtx. */
static int ttl[NSESSIONS] = {0, 3, 5, 0, 2, 7, 1, 4};
static int open_flag[NSESSIONS] = {1, 1, 1, 1, 1, 1, 1, 1};
static int closed_total;

static void close_slot(int i)
{
    open_flag[i] = 0;
    ttl[i] = 0;
    closed_total++;
}

/* Public API: close one session. */
static void session_close(int i)
{
    pthread_mutex_lock(&sessions_mtx);
    if (open_flag[i])
        close_slot(i);
    pthread_mutex_unlock(&sessions_mtx);
}

static void *reaper(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&sessions_mtx);
    for (int i = 0; i < NSESSIONS; i++) {
        if (open_flag[i] && ttl[i] == 0)
            session_close(i);
        else if (ttl[i] > 0)
            ttl[i]--;
    }
    pthread_mutex_unlock(&sessions_mtx);
    return NULL;
}

static void *client(void *arg)
{
    (void)arg;
    session_close(5);
    session_close(6);
    return NULL;
}

int main(void)
{
    pthread_t r, c;

    pthread_create(&r, NULL, reaper, NULL);
    pthread_create(&c, NULL, client, NULL);
    pthread_join(c, NULL);
    pthread_join(r, NULL);
    printf("%d sessions closed\n", closed_total);
    return 0;
}
