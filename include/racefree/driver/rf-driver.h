/* rf-driver: runs the pipeline for a command, between the command line and the stages.
 *
 * A registry of front ends by input kind (file extension) says which front end reads
 * which files and what it produces: a program (.sml; .c and .i, several files at once)
 * or a net with its targets (.spec; .tts with its .prop). A run fills one check result
 * (rf-check-result.h) stage by stage: the inputs read (rf_driver_load), the net built
 * (rf_driver_build_net), then the race check (rf_driver_check_races, which hands each
 * verdict on as soon as it is decided) or the coverability check
 * (rf_driver_check_cover). Reports then read the result; the driver writes nothing. */
#pragma once

#include <glib.h>
#include "rf-c.h"
#include "rf-c-lower.h"
#include "rf-check-result.h"
#include "rf-cover.h"

G_BEGIN_DECLS

/* What a front end produces. */
typedef enum {
  RF_DRIVER_PROGRAM,  /* a program (check, net, model) */
  RF_DRIVER_NET,      /* a net and its targets (cover) */
} RfDriverProduct;

/* RfDriverOptions: what front ends need besides the files. Strings and arrays
 * borrowed. c.program is left to the driver (the C front end's preprocessor). */
typedef struct {
  RfCOptions c;           /* -I, -D, -U, -std */
  RfCLowerOptions lower;  /* --entry, --init */
  const char *prop;       /* the target file of a .tts net (NULL: rf_tts_default_prop_file) */
} RfDriverOptions;

/* RfFrontEnd: one entry of the registry. Invariant: extensions is non-empty and
 * NULL-terminated, and no extension belongs to two entries. load reads FILES
 * (NULL-terminated; exactly one unless several) into RES: the program, or the net and
 * its targets; every problem goes to RES's diagnostics, with the source texts. */
typedef struct {
  const char *name;                 /* "sml", "c", "spec", "tts" */
  const char *const *extensions;    /* e.g. ".c", ".i" */
  RfDriverProduct produces;
  gboolean several;                 /* reads several files as one input (C units) */
  gboolean (*load) (RfCheckResult *res, const char *const *files, const RfDriverOptions *opts,
                    GError **error);
} RfFrontEnd;

/* The registry, NULL-terminated, in a fixed order. Static. */
const RfFrontEnd *const *rf_driver_front_ends (void);

/* The front end producing PRODUCT that reads FILE (by its extension), or NULL.
 * Static. */
const RfFrontEnd *rf_driver_front_end_for (const char *file, RfDriverProduct product);

#define RF_DRIVER_ERROR (rf_driver_error_quark ())
GQuark rf_driver_error_quark (void);
typedef enum {
  RF_DRIVER_ERROR_NO_INPUT,     /* "missing input file" */
  RF_DRIVER_ERROR_TOO_MANY,     /* "too many input files" */
  RF_DRIVER_ERROR_UNSUPPORTED,  /* "F: unsupported input (expected ...)" */
} RfDriverError;

/* The front end that reads FILES (NULL-terminated) as one input producing PRODUCT:
 * the one for the first file's extension, when it reads several files and every file
 * has one of its extensions, or when FILES is that one file. Else NULL with *error:
 * NO_INPUT (no file), TOO_MANY (more than one file, not all for a front end that
 * reads several), UNSUPPORTED (one file no front end producing PRODUCT reads). */
const RfFrontEnd *rf_driver_choose (const char *const *files, RfDriverProduct product, GError **error);

/* Reads the inputs of RES (rf_check_result_get_inputs) with the front end
 * rf_driver_choose picks for PRODUCT. FALSE with *error (RF_DRIVER_ERROR from
 * rf_driver_choose, or the front end's RF_INPUT_ERROR after reporting to RES's
 * diagnostics) when they cannot be read. OPTS may be NULL. */
gboolean rf_driver_load (RfCheckResult *res, RfDriverProduct product, const RfDriverOptions *opts,
                         GError **error);

/* Builds the net of RES's program (after a program was loaded; once). */
void rf_driver_build_net (RfCheckResult *res);

/* Reads the source text of every file a location of RES's program or net names that
 * no front end read (system headers declaring a shared variable, mostly), into RES
 * (rf_check_result_add_source; a file that cannot be read with the reason), for the
 * reports that list sources. Each file once; the inputs were read by their front end. */
void rf_driver_read_sources (RfCheckResult *res);
/* The files the inputs, the program's and the net's locations of RES name, each once
 * (interned strings), the inputs first, then in order of first mention. Owned array. */
GPtrArray *rf_driver_source_files (const RfCheckResult *res);

/* Called with each verdict as soon as it is decided (it is already in RES); FALSE
 * stops the check. */
typedef gboolean (*RfDriverVerdictFunc) (const RfCheckResult *res, const RfRaceVerdict *rv, gpointer data);

/* The race check of RES's program: one verdict per data variable, in var id order,
 * each search with BUDGET (may be NULL), each verdict added to RES and passed to FUNC
 * (may be NULL). Builds the net first when needed. FALSE when FUNC stopped it (the
 * variables after are not searched). */
gboolean rf_driver_check_races (RfCheckResult *res, const RfCoverBudget *budget,
                                RfDriverVerdictFunc func, gpointer data);

/* Called with each deadlock verdict as soon as it is decided (it is already in RES);
 * FALSE stops the check. */
typedef gboolean (*RfDriverDeadlockFunc) (const RfCheckResult *res, const RfDeadlockVerdict *dv, gpointer data);

/* The deadlock check of RES's program, after its race check when RES checks races
 * (else the value variables are settled first, as for races): the queries
 * rf_deadlock_queries gives for what RES checks (RF_CHECK_DEADLOCKS: lock-order
 * cycles; RF_CHECK_MISUSE: relocks), each searched with BUDGET (may be NULL), added to
 * RES and passed to FUNC (may be NULL). FALSE when FUNC stopped it. */
gboolean rf_driver_check_deadlocks (RfCheckResult *res, const RfCoverBudget *budget, RfDriverDeadlockFunc func,
                                    gpointer data);

/* The coverability check of RES's net against its targets (a net input), with
 * BUDGET (may be NULL); the result goes into RES. */
void rf_driver_check_cover (RfCheckResult *res, const RfCoverBudget *budget);

G_END_DECLS
