/* rf-out: where output goes, with every write checked.
 *
 * An output sink (RfOut) is a file descriptor written through at once (standard
 * output and error: text appears as soon as it is ready, not at exit) or a string
 * (tests that run the command line in-process). The first write that fails is kept
 * as the sink's error; later writes are dropped, so a caller may write a whole report
 * and check once, or check after each piece to stop early. Output files are written
 * whole by rf_out_write_file: a regular file atomically (a temporary file beside it,
 * then a rename), so it holds either its old contents or all of the new ones; a
 * device or a pipe (/dev/full) in place, never replaced; /dev/stdout and the other
 * names of this process's descriptors to the descriptor itself. Symbolic links are
 * written through. rf_out_check_file tells beforehand whether a path can be written. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RfOut: an output sink (body in rf-out.c). */
typedef struct _RfOut RfOut;

/* A sink writing to FD (not closed by rf_out_free), named NAME in messages
 * ("standard output"; copied). */
RfOut *rf_out_new_fd (int fd, const char *name);
/* A sink appending to BUFFER (borrowed; must outlive the sink); never fails. */
RfOut *rf_out_new_string (GString *buffer);
void rf_out_free (RfOut *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfOut, rf_out_free)

/* Writes LEN bytes of DATA (all of them, or fails). FALSE when this write or an
 * earlier one failed. */
gboolean rf_out_write (RfOut *out, const char *data, gsize len);
/* rf_out_write of the whole of TEXT (a GString's bytes, a C string). */
gboolean rf_out_write_string (RfOut *out, const GString *text);
gboolean rf_out_puts (RfOut *out, const char *s);
gboolean rf_out_printf (RfOut *out, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

/* TRUE when some write failed; then *error (when ERROR is not NULL) is a copy of the
 * first failure: "cannot write standard output: No space left on device". */
gboolean rf_out_failed (const RfOut *out, GError **error);

/* TRUE when the sink is a terminal (never for a string). */
gboolean rf_out_is_terminal (const RfOut *out);

/* Writes LEN bytes of DATA to the file PATH. Symbolic links are followed (a dangling
 * one to the file it names): a regular file, or a new one, is replaced atomically (a
 * temporary file beside it, then a rename; an existing file's permission bits are
 * kept); a device, pipe or socket is written in place; a name of one of this
 * process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N) is that
 * descriptor, written at its offset and left open. On failure returns FALSE with
 * *error ("cannot write 'PATH': reason", a G_FILE_ERROR) and leaves no temporary file;
 * a regular file is then unchanged. *REPLACED (may be NULL) tells whether PATH is now
 * a file this call wrote whole (FALSE for a device or a descriptor). */
gboolean rf_out_write_file (const char *path, const void *data, gsize len, gboolean *replaced, GError **error);

/* Writes CONTENTS[i] to PATHS[i] for i < N, each as rf_out_write_file does, all or
 * none as far as a file system allows: every regular file is first written to its
 * temporary file, then devices and descriptors in place, and only then are the
 * temporary files renamed over their files. So a failure while writing (no space, no
 * permission, a directory in the way) leaves every regular file as it was; only a
 * rename failing after others succeeded (hardly possible once the temporary files
 * exist beside their targets) leaves some replaced. */
gboolean rf_out_write_files (const char *const *paths, GBytes *const *contents, guint n, GError **error);

/* FALSE with *error ("cannot write 'PATH': reason") when rf_out_write_file could not
 * write PATH as far as can be told without writing it: a directory, a descriptor that
 * is not open, a device not writable, or a regular file beside which no file can be
 * made (checked by making and removing one, which access(2) cannot tell for root).
 * For a check before a long computation whose result goes to PATH. */
gboolean rf_out_check_file (const char *path, GError **error);

G_END_DECLS
