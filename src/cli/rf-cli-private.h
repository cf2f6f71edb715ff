/* rf-cli-private: what the files of the command line share (private to it).
 *
 * The command line (rf-cli.h) is one module in several files:
 *   rf-cli.c         the usage text, the table of commands and their dispatch, and the
 *                    commands net, cover, model and verify-cert;
 *   rf-cli-check.c   the command check: its report written verdict by verdict, its
 *                    witness pictures, its HTML report;
 *   rf-cli-common.c  what the commands share: the C front end's options, the search
 *                    budget, reading the inputs, progress on a terminal, report formats,
 *                    writing reports and certificates.
 * Functions one file defines and another calls are declared here, named cli_*. */
#pragma once

#include <glib.h>
#include "rf-cli.h"
#include "rf-driver.h"
#include "rf-report.h"

G_BEGIN_DECLS

/* rf-cli-common.c */

/* Writes "racefree CMD: error: WHAT: MESSAGE" (CMD, WHAT may be NULL: left out) for
 * ERROR to ERR, in racefree's one message style (rf_diag_plain_quotes). */
void cli_print_error (RfOut *err, const char *cmd, const char *what, const GError *error);

/* CArgs: the C front-end options of check, net and model (-I, -D, -U, -std, --entry,
 * --init, --no-library-state) as GOption fills them: string arrays and strings owned,
 * NULL when not given. */
typedef struct {
  char **include_dirs, **defines, **undefs, **entries;
  char *std, *init;
  gboolean no_library_state;
  gint inline_budget;
} CArgs;

void cli_c_args_clear (CArgs *a);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CArgs, cli_c_args_clear)

/* Adds the C options, filling A, to CTX's main group. */
void cli_c_args_add_entries (GOptionContext *ctx, CArgs *a);
/* GOption reads `-I dir`; the compilers' `-Idir` and `-std=X` forms are split here
 * (ARGV is modified in place; the strings are owned by KEEP). */
void cli_c_args_presplit (int *argc, char ***argv, GPtrArray *keep);
/* The driver's options from the C options A and a .tts net's PROP (may be NULL). */
RfDriverOptions cli_driver_options (const CArgs *a, const char *prop);

/* Parses the options of command CMD. Returns RF_EXIT_OK after printing the help when
 * *HELP was given, RF_EXIT_INPUT after a usage error, or -1 to go on. */
int cli_parse_options (GOptionContext *ctx, int *argc, char ***argv, const gboolean *help, RfOut *out,
                       RfOut *err, const char *cmd);

/* BudgetArgs: the search budget as the options give it. max_memory: the SIZE text of
 * --max-memory (owned), or NULL. */
typedef struct {
  gint64 max_markings;
  gdouble timeout, total_timeout;
  char *max_memory;
  gboolean backward_only, no_steq;
} BudgetArgs;

void cli_budget_args_clear (BudgetArgs *a);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BudgetArgs, cli_budget_args_clear)

/* The search budget of the options A for a run that began at START_US
 * (rf_cover_cpu_time_us), or FALSE after a usage error. */
gboolean cli_search_budget (const BudgetArgs *a, gint64 start_us, RfCoverBudget *budget, RfOut *err,
                            const char *cmd);

/* Progress of long searches on stderr: one line, rewritten in place ('\r', then
 * erase to the end of the line), at most every RF_COVER_PROGRESS_INTERVAL seconds
 * (RF_PROGRESS_INTERVAL in the environment overrides it, for tests), erased before
 * anything else is written. Only on a terminal: a string sink never shows it. */
typedef struct {
  RfOut *err;       /* borrowed: where the line goes */
  gboolean shown;   /* a progress line is on the terminal */
  RfCoverBudget budget;  /* a copy of the budget, for what is used of it and left */
} Progress;

/* Turns progress on in BUDGET when stderr is a terminal and FORMAT is text (JSON and
 * SARIF reports stay free of it, even on a terminal). */
void cli_progress_begin (RfCoverBudget *budget, Progress *pr, const RfReportFormat *format);
/* Erases the progress line, if any. */
void cli_progress_end (Progress *pr);

/* Ctrl-C during a search: cli_interrupt_begin makes SIGINT set a flag that BUDGET's
 * searches watch (RfCoverBudget.cancel), so that they stop with verdict unknown and the
 * command reports what it decided; a second SIGINT ends the process as usual.
 * cli_interrupt_end puts the previous handler back and tells whether SIGINT came. */
void cli_interrupt_begin (RfCoverBudget *budget);
gboolean cli_interrupt_end (void);

/* Writes DIAGS (rf_diags_render) to ERR. */
void cli_write_diags (const RfDiags *diags, RfOut *err);

/* The default of --max-errors, as clang's -ferror-limit. */
#define MAX_ERRORS_DEFAULT 20

#define MAX_ERRORS_ENTRY(var) \
  { "max-errors", 0, 0, G_OPTION_ARG_INT64, &(var), "Stop reading the input after N errors (default 20; 0: no limit)", "N" }

/* Reads the inputs of RES for a command wanting PRODUCT (rf_driver_load), stopping
 * after MAX_ERRORS errors (0: none); FALSE after a message in ERR. */
gboolean cli_load_inputs (RfCheckResult *res, RfDriverProduct product, const RfDriverOptions *opts,
                          gint64 max_errors, RfOut *err, const char *cmd);

/* The base name of FILE without its extension, as a graph name. Owned. */
char *cli_graph_name_of (const char *file);
/* Data variable NAME of PROG for option OPTION, or -1 after a usage error listing
 * the program's shared data variables. */
gint cli_data_var (const RfProgram *prog, const char *name, const char *option, RfOut *err, const char *cmd);

/* The report format called NAME (NULL: text) that can report a check of kind COVER,
 * or NULL after a usage message in ERR. */
const RfReportFormat *cli_choose_format (const char *name, gboolean cover, RfOut *err, const char *cmd);
/* The positional arguments of a command (ARGV[1..ARGC-1]) as a NULL-terminated
 * array (owned; the strings borrowed from ARGV). */
const char **cli_positional (int argc, char **argv);
/* Appends what REPORT (a report function of a format, may be NULL) writes about RES
 * to OUT. */
void cli_write_report (void (*report) (const RfCheckResult *, const RfReportOptions *, GString *),
                       const RfCheckResult *res, const RfReportOptions *opts, RfOut *out);

/* FALSE after a usage message in ERR when --certificate FILE cannot be written.
 * Checked before a search, which may be long. */
gboolean cli_certificate_usable (const char *file, RfOut *err, const char *cmd);
/* --certificate FILE: the proof certificate of RES written to FILE (atomically); FALSE
 * after a message in ERR. */
gboolean cli_write_certificate (const RfCheckResult *res, const char *file, RfOut *err, const char *cmd);

/* rf-cli-check.c */

/* racefree check: ARGV from the command's name on; returns the exit status. */
int cli_cmd_check (int argc, char **argv, RfOut *out, RfOut *err);

G_END_DECLS
