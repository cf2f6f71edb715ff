/* rf-out: output sinks written through with every write checked, and whole files.
 *
 * A descriptor sink calls write(2) until every byte is out (EINTR retried, a
 * non-blocking descriptor waited for with poll(2)), so the text reaches the terminal,
 * pipe or file as soon as it is written and a failure (ENOSPC on /dev/full, EBADF on a
 * closed descriptor) is seen at the write that hits it. The first failure is kept; the sink then drops everything, so that a report is
 * not half written after a gap. Files: see rf_out_write_file. */
#include "rf-out.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

/* RfOut: a descriptor (fd >= 0, buffer NULL) or a string (buffer non-NULL, fd -1).
 * Invariant: once error is set, nothing more is written. */
struct _RfOut {
  int fd;
  GString *buffer;  /* borrowed */
  char *name;       /* owned: what messages call the descriptor */
  GError *error;    /* owned: the first failed write, or NULL */
};

/* Writes all of DATA to FD; 0 or the errno of the failure. A descriptor another
 * program left non-blocking (EAGAIN) is waited for, not a failure. */
static int
write_all (int fd, const char *data, gsize len)
{
  for (gsize done = 0; done < len;)
    {
      gssize n = write (fd, data + done, len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        {
          struct pollfd p = { fd, POLLOUT, 0 };
          if (poll (&p, 1, -1) < 0 && errno != EINTR)
            return errno;
          continue;
        }
      if (n <= 0)
        return n < 0 ? errno : EIO;
      done += (gsize) n;
    }
  return 0;
}

RfOut *
rf_out_new_fd (int fd, const char *name)
{
  g_return_val_if_fail (fd >= 0, NULL);
  RfOut *out = g_new0 (RfOut, 1);
  out->fd = fd;
  out->name = g_strdup (name ? name : "output");
  return out;
}

RfOut *
rf_out_new_string (GString *buffer)
{
  g_return_val_if_fail (buffer != NULL, NULL);
  RfOut *out = g_new0 (RfOut, 1);
  out->fd = -1;
  out->buffer = buffer;
  out->name = g_strdup ("string");
  return out;
}

void
rf_out_free (RfOut *out)
{
  if (!out)
    return;
  g_clear_error (&out->error);
  g_free (out->name);
  g_free (out);
}

gboolean
rf_out_write (RfOut *out, const char *data, gsize len)
{
  g_return_val_if_fail (out != NULL, FALSE);
  if (out->error)
    return FALSE;
  if (out->buffer)
    {
      g_string_append_len (out->buffer, data, len);
      return TRUE;
    }
  int e = write_all (out->fd, data, len);
  if (e)
    {
      g_set_error (&out->error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot write %s: %s",
                   out->name, g_strerror (e));
      return FALSE;
    }
  return TRUE;
}

gboolean
rf_out_write_string (RfOut *out, const GString *text)
{
  return rf_out_write (out, text->str, text->len);
}

gboolean
rf_out_puts (RfOut *out, const char *s)
{
  return rf_out_write (out, s, strlen (s));
}

gboolean
rf_out_printf (RfOut *out, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  return rf_out_puts (out, text);
}

gboolean
rf_out_failed (const RfOut *out, GError **error)
{
  g_return_val_if_fail (out != NULL, TRUE);
  if (!out->error)
    return FALSE;
  if (error)
    *error = g_error_copy (out->error);
  return TRUE;
}

gboolean
rf_out_is_terminal (const RfOut *out)
{
  return out->fd >= 0 && isatty (out->fd);
}

static gboolean
write_error (const char *path, int e, GError **error)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot write '%s': %s", path, g_strerror (e));
  return FALSE;
}

/* Dest: where rf_out_write_file puts the bytes for a path. */
typedef enum {
  DEST_FD,        /* a descriptor of this process (/dev/stdout, /dev/fd/N): written at its offset */
  DEST_IN_PLACE,  /* a device, pipe or socket: opened and written as it is */
  DEST_REPLACE,   /* a regular file, or none yet: a temporary file beside it, then a rename */
} DestKind;

/* Dest: the file a path leads to. Invariant: target is set unless kind is DEST_FD. */
typedef struct {
  DestKind kind;
  int fd;           /* DEST_FD */
  char *target;     /* owned: the path with its symbolic links followed */
  gboolean exists;  /* DEST_REPLACE: target exists, and mode is its permission bits */
  mode_t mode;
  char *tmp;        /* owned: DEST_REPLACE, the temporary file once written */
} Dest;

static void
dest_clear (Dest *d)
{
  if (d->tmp)
    g_unlink (d->tmp);
  g_free (d->tmp);
  g_free (d->target);
}

/* TRUE when PATH names a descriptor of this process: /dev/stdout, /dev/stderr,
 * /dev/fd/N, /proc/self/fd/N or /proc/PID/fd/N with this process's PID. Opening such a
 * name anew would start at offset 0 (or, for a file, the rename would detach it from
 * the descriptor), so the descriptor itself is written. */
static gboolean
fd_path (const char *path, int *fd)
{
  if (strcmp (path, "/dev/stdout") == 0 || strcmp (path, "/dev/stderr") == 0)
    {
      *fd = path[5] == 's' && path[8] == 'o' ? 1 : 2;
      return TRUE;
    }
  g_autofree char *own = g_strdup_printf ("/proc/%ld/fd/", (long) getpid ());
  const char *prefixes[] = { "/dev/fd/", "/proc/self/fd/", own };
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      guint64 n;
      if (g_str_has_prefix (path, prefixes[i])
          && g_ascii_string_to_unsigned (path + strlen (prefixes[i]), 10, 0, G_MAXINT, &n, NULL))
        {
          *fd = (int) n;
          return TRUE;
        }
    }
  return FALSE;
}

/* Where PATH leads (*D, to be cleared with dest_clear): symbolic links are followed
 * one by one (a dangling one to the file it names, which is then created), and a link
 * to a descriptor name (fd_path) is that descriptor. FALSE with *error for a directory,
 * a loop of links, or a path that cannot be examined. */
static gboolean
dest_resolve (const char *path, Dest *d, GError **error)
{
  *d = (Dest) { DEST_REPLACE, -1, g_strdup (path), FALSE, 0, NULL };
  for (guint hops = 0;; hops++)
    {
      if (fd_path (d->target, &d->fd))
        {
          d->kind = DEST_FD;
          return TRUE;
        }
      GStatBuf st;
      if (g_lstat (d->target, &st) != 0)
        {
          if (errno == ENOENT)
            return TRUE;   /* a new file (a missing directory shows when it is created) */
          return write_error (path, errno, error);
        }
      if (S_ISLNK (st.st_mode))
        {
          if (hops >= 40)
            return write_error (path, ELOOP, error);
          g_autofree char *link = g_file_read_link (d->target, NULL);
          if (!link)
            return write_error (path, errno ? errno : EINVAL, error);
          if (!g_path_is_absolute (link))
            {
              g_autofree char *dir = g_path_get_dirname (d->target);
              char *next = g_build_filename (dir, link, NULL);
              g_free (d->target);
              d->target = next;
            }
          else
            {
              g_free (d->target);
              d->target = g_steal_pointer (&link);
            }
          continue;
        }
      if (S_ISDIR (st.st_mode))
        return write_error (path, EISDIR, error);
      if (S_ISREG (st.st_mode))
        {
          d->exists = TRUE;
          d->mode = st.st_mode & 07777;
        }
      else
        d->kind = DEST_IN_PLACE;
      return TRUE;
    }
}

/* Writes DATA to D now, except for DEST_REPLACE, which gets its temporary file
 * (d->tmp; renamed by the caller). Messages name PATH, as given. */
static gboolean
dest_write (Dest *d, const char *path, const char *data, gsize len, GError **error)
{
  int fd = -1, e = 0;
  switch (d->kind)
    {
    case DEST_FD:
      if (fcntl (d->fd, F_GETFD) < 0)
        return write_error (path, EBADF, error);
      e = write_all (d->fd, data, len);
      return e ? write_error (path, e, error) : TRUE;
    case DEST_IN_PLACE:
      fd = g_open (d->target, O_WRONLY | O_NOCTTY, 0);
      break;
    case DEST_REPLACE:
      d->tmp = g_strconcat (d->target, ".XXXXXX", NULL);
      /* mode 0666 less the umask, as for any new file (g_mkstemp would give 0600) */
      fd = g_mkstemp_full (d->tmp, O_WRONLY, 0666);
      if (fd < 0)
        g_clear_pointer (&d->tmp, g_free);
      else if (d->exists && fchmod (fd, d->mode) != 0)
        e = errno;   /* a replaced file keeps its permissions */
      break;
    }
  if (fd < 0)
    return write_error (path, errno, error);
  if (!e)
    e = write_all (fd, data, len);
  if (close (fd) != 0 && !e)
    e = errno;
  return e ? write_error (path, e, error) : TRUE;
}

gboolean
rf_out_write_files (const char *const *paths, GBytes *const *contents, guint n, GError **error)
{
  g_autofree Dest *dests = g_new0 (Dest, n + 1);
  guint resolved = 0;
  gboolean ok = TRUE;
  for (; resolved < n && ok; resolved++)
    ok = dest_resolve (paths[resolved], &dests[resolved], error);
  /* Regular files first, to temporary files: a failure there changes nothing. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n && ok; i++)
      if ((dests[i].kind == DEST_REPLACE) == (pass == 0))
        {
          gsize len = 0;
          const char *data = g_bytes_get_data (contents[i], &len);
          ok = dest_write (&dests[i], paths[i], data ? data : "", len, error);
        }
  for (guint i = 0; i < n && ok; i++)
    if (dests[i].tmp)
      {
        if (g_rename (dests[i].tmp, dests[i].target) != 0)
          ok = write_error (paths[i], errno, error);
        else
          g_clear_pointer (&dests[i].tmp, g_free);
      }
  for (guint i = 0; i < resolved; i++)
    dest_clear (&dests[i]);   /* removes the temporary files left */
  return ok;
}

gboolean
rf_out_write_file (const char *path, const void *data, gsize len, gboolean *replaced, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  if (replaced)
    *replaced = FALSE;
  g_autoptr (GBytes) bytes = g_bytes_new_static (data, len);
  if (!rf_out_write_files (&path, &bytes, 1, error))
    return FALSE;
  if (replaced)
    {
      Dest d;
      *replaced = dest_resolve (path, &d, NULL) && d.kind == DEST_REPLACE;
      dest_clear (&d);
    }
  return TRUE;
}

gboolean
rf_out_check_file (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  Dest d;
  gboolean ok = dest_resolve (path, &d, error);
  if (ok && d.kind == DEST_FD && fcntl (d.fd, F_GETFD) < 0)
    ok = write_error (path, EBADF, error);
  else if (ok && d.kind == DEST_IN_PLACE && g_access (d.target, W_OK) != 0)
    ok = write_error (path, errno, error);
  else if (ok && d.kind == DEST_REPLACE)
    {
      /* Can a file be made beside it? (access(2) would say yes to root on any mode.) */
      g_autofree char *probe = g_strconcat (d.target, ".XXXXXX", NULL);
      int fd = g_mkstemp_full (probe, O_WRONLY, 0600);
      if (fd < 0)
        ok = write_error (path, errno, error);
      else
        {
          close (fd);
          g_unlink (probe);
        }
    }
  dest_clear (&d);
  return ok;
}
