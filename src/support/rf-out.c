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


/* A device, pipe or socket: opened and written as it is (no temporary file could
 * replace it; renaming one over /dev/full would replace the device itself). */
static gboolean
write_in_place (const char *path, const char *data, gsize len, GError **error)
{
  int fd = g_open (path, O_WRONLY | O_NOCTTY, 0);
  if (fd < 0)
    return write_error (path, errno, error);
  int e = write_all (fd, data, len);
  if (close (fd) != 0 && !e)
    e = errno;
  return e ? write_error (path, e, error) : TRUE;
}

/* To a temporary file next to TARGET, then renamed over it, so that TARGET holds
 * either its old contents or all of DATA. Messages name NAME, the path as given. */
static gboolean
write_atomically (const char *name, const char *target, const char *data, gsize len, GError **error)
{
  g_autofree char *tmp = g_strconcat (target, ".XXXXXX", NULL);
  /* mode 0666 less the umask, as for any new file (g_mkstemp would give 0600) */
  int fd = g_mkstemp_full (tmp, O_WRONLY, 0666);
  if (fd < 0)
    return write_error (name, errno, error);
  int e = write_all (fd, data, len);
  if (close (fd) != 0 && !e)
    e = errno;
  if (!e && g_rename (tmp, target) != 0)
    e = errno;
  if (e)
    {
      g_unlink (tmp);
      return write_error (name, e, error);
    }
  return TRUE;
}

gboolean
rf_out_write_file (const char *path, const void *data, gsize len, gboolean *replaced, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  if (replaced)
    *replaced = FALSE;
  GStatBuf st;
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISDIR (st.st_mode))
    return write_in_place (path, data, len, error);
  /* A symbolic link to a regular file: the file it names is replaced, the link kept. */
  g_autofree char *target = NULL;
  GStatBuf lst;
  if (g_lstat (path, &lst) == 0 && S_ISLNK (lst.st_mode) && g_stat (path, &st) == 0)
    target = realpath (path, NULL);
  if (!write_atomically (path, target ? target : path, data, len, error))
    return FALSE;
  if (replaced)
    *replaced = TRUE;
  return TRUE;
}
