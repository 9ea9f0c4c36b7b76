;;; decklint.el --- IBM network definition decks, told as decklint tells them  -*- lexical-binding: t -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "26.1"))
;; Keywords: languages
;; URL: https://github.com/decklint/decklint

;;; Commentary:

;; `decklint-mode' for the decks decklint lints (VTAM, NCP, CICS CSD, TCP/IP profiles,
;; BPXPRMxx, TSM options, ...), with each dialect's comments, and the language server
;; `decklint server' registered with eglot and lsp-mode.
;;
;; Decks seldom have telling names (SWLAB, LAB45, TUNEMODE), so a deck is told by its content
;; as `decklint lint' tells it: `decklint-deck-p' on `magic-mode-alist' is a port of decklint's
;; detection reading decklint's own tables (decklint-tables.el, written by
;; scripts/editor_tables.py).  It runs no program and no code of the folder the file is in.
;;
;;   (add-to-list 'load-path "~/.emacs.d/site-lisp/decklint")
;;   (require 'decklint)
;;   (add-hook 'decklint-mode-hook #'eglot-ensure)
;;
;; See docs/editors.md in decklint.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'decklint-tables)

(defgroup decklint nil
  "IBM network definition decks and the decklint language server."
  :group 'languages
  :prefix "decklint-")

(defcustom decklint-server-command '("decklint" "server")
  "The language server's command and its arguments.
Add \"--untrusted\" for a repository you did not write."
  :type '(repeat string))

(defcustom decklint-initialization-options nil
  "Settings sent to the server when it starts, a plist.
For example (:baseline FILE :debounce MS).  Settings can also come
from `eglot-workspace-configuration' under :decklint."
  :type 'plist)

(defcustom decklint-root-markers '(".decklint.yaml" ".git")
  "Files or folders that make a folder the root of the network linted.
The nearest folder up from a deck holding one of them is the root."
  :type '(repeat string))

(defvar-local decklint-dialect nil
  "The dialect of the deck in this buffer, as decklint detects it, or nil.")
(put 'decklint-dialect 'permanent-local t) ; told before the mode starts (`decklint-deck-p')

(defconst decklint--ported
  '(("decklint.inputs.discover.detect" . "60babe674a844046")
    ("decklint.inputs.discover._name" . "4d486395674b277d")
    ("decklint.dialects.named" . "44d86a9070b7d41a")
    ("decklint.dialects._matches" . "7008961f2ccfe7f4")
    ("decklint.inputs.evidence.against" . "ed392776d8bc307c")
    ("decklint.inputs.evidence.semicolon_comments" . "8307be04ca885be0")
    ("decklint.inputs.evidence._reason" . "d822de24164977eb")
    ("decklint.inputs.evidence._yaml_mappings" . "cd35c1d000bf5283")
    ("decklint.inputs.evidence._prose" . "31b3351bbaf82460")
    ("decklint.inputs.evidence._other_product" . "aee09e826670f3cf")
    ("decklint.inputs.evidence._count" . "8de238abe1d8fae0")
    ("decklint.readers.base._heads" . "3545b34b3e7d46cb")
    ("decklint.readers.base.line_heads" . "18f53a77e5d51b4d")
    ("decklint.readers.base.sniff_keywords" . "b3b98540df9af749")
    ("decklint.readers.base.sniff_count" . "cf381ac89dc45f94")
    ("decklint.dialects.aix.reader.sniff" . "bed387901f1e4623")
    ("decklint.dialects.as400.reader.sniff" . "92a77be155b59a2f")
    ("decklint.dialects.bpxprm.reader.sniff" . "915cab324af2a680")
    ("decklint.dialects.bpxprm.reader._statement_line" . "8a24f3e0261bff68")
    ("decklint.dialects.cics.reader.sniff" . "3d0f75a511cae0ad")
    ("decklint.dialects.cicssit.reader.sniff" . "c000584c15d4a6a1")
    ("decklint.dialects.cicssit.reader._macro" . "a4dc7af266930f6d")
    ("decklint.dialects.cicssit.reader._parameter" . "b9e3b7d0c8a8e8a8")
    ("decklint.dialects.cm2.reader.sniff" . "420018890864046a")
    ("decklint.dialects.ezacicd.reader.sniff" . "94f697d311215370")
    ("decklint.dialects.ivtprm.reader.sniff" . "5906b9e7837c12fc")
    ("decklint.dialects.ivtprm.reader._csm" . "0ab3ee5b5c227468")
    ("decklint.dialects.ncp.reader.sniff" . "38edf7532f32a884")
    ("decklint.dialects.ncp.reader._statement" . "db29b1ca12882fb1")
    ("decklint.dialects.nsdos.reader.sniff" . "48cf5ef8026e3816")
    ("decklint.dialects.scf.reader.sniff" . "ad7bea832478fada")
    ("decklint.dialects.scf.reader._scf" . "e87f09121ba51861")
    ("decklint.dialects.tcpdata.reader.sniff" . "bc44472120247269")
    ("decklint.dialects.tcpdata.reader._statement_line" . "e042c12338480e22")
    ("decklint.dialects.tcpip.reader.sniff" . "bb11d656a8b4b6f5")
    ("decklint.dialects.tcpip.reader._statement" . "4c81eff7121848d0")
    ("decklint.dialects.tcpip.reader._interface_then_action" . "1b7eecc564b4ba66")
    ("decklint.dialects.tsm.reader.sniff" . "3a294a18b1fd7bba")
    ("decklint.dialects.tsm.reader._option_line" . "0c3978b7fdb9fc67")
    ("decklint.dialects.vtam.reader.sniff" . "a6e82fe1bc14030c")
    ("decklint.dialects.vtam.reader._line_matches" . "0d0a1180ef6fb57f")
    ("decklint.dialects.vtam.reader._config_list" . "112daf0bfdb07efd")
    ("decklint.dialects.vtam.reader._marked" . "8eed01184fc2846a")
    ("decklint.dialects.vtam.reader._catalogued" . "0860ec92bfc531d0"))
  "The Python functions this file ports, and the fingerprints it follows.
From decklint.inputs.signs.logic().  When decklint's detection changes,
the test names the function: port the change here and in detect.lua,
then write the new fingerprints down (scripts/editor_tables.py --ported).")

;;;; Matching decklint's patterns

(defconst decklint--syntax
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?_ "w" table) ; \b as Python's: '_' is a word character
    table)
  "The syntax table decklint's patterns are matched with.")

(defun decklint--search (pat string &optional start)
  "Index where PAT (REGEXP . CASE-FOLD) matches STRING from START, as re.search."
  (let ((case-fold-search (cdr pat)))
    (with-syntax-table decklint--syntax
      (string-match (car pat) string start))))

(defun decklint--match (pat string &optional start)
  "Whether PAT matches STRING at START (0 when nil), as re.match."
  (let ((start (or start 0)))
    (eql (decklint--search pat string start) start)))

(defun decklint--fullmatch (pat string)
  "Whether PAT matches the whole of STRING, as re.fullmatch."
  (decklint--search (cons (concat "\\`\\(?:" (car pat) "\\)\\'") (cdr pat)) string))

(defun decklint--each (pat string fn)
  "Call FN with each match of PAT in STRING in turn, as re.finditer.
The match data is the match's.  FN returns non-nil to stop; that value
is returned."
  (let ((at 0) (len (length string)) result)
    (while (and (not result) (<= at len) (decklint--search pat string at))
      (let ((beg (match-beginning 0)) (end (match-end 0)))
        (setq result (funcall fn))
        (setq at (if (> end beg) end (1+ end)))))
    result))

(defun decklint--count (pat string)
  "How many times PAT matches STRING, as len(re.findall)."
  (let ((n 0))
    (decklint--each pat string (lambda () (setq n (1+ n)) nil))
    n))

;;;; The tables

(defun decklint--get (&rest keys)
  "The entry of `decklint-tables' under KEYS."
  (let ((v decklint-tables))
    (dolist (k keys v)
      (setq v (if (stringp k) (cdr (assoc k v)) (plist-get v k))))))

(defun decklint--dialect (name &rest keys)
  "The entry under KEYS of dialect NAME's tables."
  (apply #'decklint--get :dialects name keys))

(defun decklint--in (word set)
  "Whether WORD is in SET, a hash table of the tables."
  (and word (gethash word set)))

(defun decklint--starts-any (s prefixes)
  (cl-some (lambda (p) (string-prefix-p p s)) prefixes))

(defun decklint--lstrip (s)
  (string-trim-left s "[ \t\n\r\f\v]+"))

(defun decklint--rstrip (s)
  (string-trim-right s "[ \t\n\r\f\v]+"))

(defun decklint--isupper (s)
  "str.isupper(): a cased letter in S, and none in lower case."
  (let ((case-fold-search nil))
    (and (string-match-p "[[:upper:]]" s) (not (string-match-p "[[:lower:]]" s)))))

(defun decklint--cut (line n)
  (if (> (length line) n) (substring line 0 n) line))

;;;; The source detection reads

(cl-defstruct (decklint--src (:constructor decklint--src-make))
  path name lines count head (joined (make-hash-table :test 'equal)) heads (kept nil))

(defun decklint-source (path lines count)
  "A file's source as detection reads it.
PATH is its name, LINES a vector of its first lines (800 at least,
without line ends) and COUNT how many lines it has in all."
  (let ((limit (decklint--get :evidence :head)) (parts nil) (size 0))
    (cl-loop for ln across lines
             do (push ln parts) (push "\n" parts) (setq size (+ size (length ln) 1))
             until (>= size limit))
    (let ((head (apply #'concat (nreverse parts))))
      (decklint--src-make
       :path path :name (file-name-nondirectory path) :lines lines :count count
       :head (decklint--cut head limit)))))

(defun decklint--joined (src n &optional width)
  "The first N lines of SRC joined, each cut to WIDTH characters when given."
  (let* ((key (cons n width)) (table (decklint--src-joined src)))
    (or (gethash key table)
        (puthash key
                 (mapconcat (lambda (ln) (if width (decklint--cut ln width) ln))
                            (seq-take (decklint--src-lines src) n) "\n")
                 table))))

;;;; decklint.inputs.evidence

(defun decklint--ev (name)
  (decklint--get :evidence :patterns name))

(defun decklint--yaml-mappings (head)
  "_yaml_mappings"
  (and (decklint--search (decklint--ev :yaml-opener) head)
       (decklint--search (decklint--ev :yaml-nested) head)
       (>= (* 5 (+ (decklint--count (decklint--ev :yaml-key) head)
                   (decklint--count (decklint--ev :yaml-nested) head)))
           (* 4 (decklint--count (decklint--ev :significant) head)))))

(defun decklint--count-at-least (name head least)
  "_count: whether pattern NAME matches LEAST lines of HEAD at least."
  (let ((n 0))
    (decklint--each (decklint--ev name) head (lambda () (>= (setq n (1+ n)) least)))
    (>= n least)))

(defun decklint--other-product (head start)
  "_other_product: another product's file, by enough lines of its own kind."
  (let ((enough (decklint--get :evidence :own-lines)))
    (or (and (or (string-match-p "USING" head) (string-match-p "BALR" head)
                 (string-match-p "BR " head))
             (decklint--count-at-least :machine-instruction head
                                       (decklint--own enough "machine instruction"))
             (not (decklint--search (decklint--ev :definition) head)))
        (and (eq t (compare-strings "/*" nil nil head start (min (length head) (+ start 2))))
             (decklint--count-at-least :quoted-command head
                                       (decklint--own enough "quoted command")))
        (and (string-match-p "SET" (upcase head))
             (decklint--count-at-least :xedit-set head (decklint--own enough "xedit set")))
        (and (string-match-p "_" head)
             (decklint--count-at-least :cp-config head (decklint--own enough "cp config"))))))

(defun decklint--own (table name)
  "The least lines of kind NAME in TABLE (own_lines)."
  (or (cdr (assoc name table)) (plist-get table (intern (concat ":" (replace-regexp-in-string " " "-" name))))))

(defun decklint--prose (head)
  "_prose: lines of HEAD that read as sentences, enough of them."
  (let ((word (decklint--ev :prose-word))
        (starts (decklint--get :evidence :comment-starts))
        (least (decklint--get :evidence :prose-words))
        (lines 0) (count 0))
    (dolist (ln (split-string head "\n"))
      (let ((toks (split-string ln "[ \t\r\f\v]+" t)))
        (when (and toks (not (decklint--starts-any (car toks) starts)))
          (setq lines (1+ lines))
          (when (and (>= (length toks) least)
                     (not (string-match-p "=" ln))
                     (decklint--fullmatch word (car toks))
                     (>= (* 10 (cl-count-if (lambda (tok) (decklint--fullmatch word tok)) toks))
                         (* 7 (length toks))))
            (setq count (1+ count))))))
    (and (>= count (decklint--get :evidence :prose-lines))
         (>= (* 5 count) (* 3 lines)))))

(defun decklint--reason (head)
  "_reason: non-nil when HEAD shows the file is no deck."
  (let* ((top400 (decklint--cut head 400))
         (start (- (length head) (length (decklint--lstrip head))))
         (first (if (< start (length head)) (substring head start (1+ start)) ""))
         (eol (string-match-p "\n" head start)))
    (or (string-prefix-p "#!" head)
        (and (string-match-p "REXX" (upcase top400))
             (decklint--search (decklint--ev :rexx) top400))
        (and (equal first "<")
             (string-match-p ">" (substring head start (or eol (length head))))
             (not (decklint--starts-any
                   (downcase (substring head (1+ start) (min (length head) (+ start 6))))
                   (decklint--get :evidence :shown))))
        (equal first "{")
        (and (equal first "[") (decklint--match (decklint--ev :json-array) head start))
        (eq t (compare-strings "%YAML" nil nil head start (min (length head) (+ start 5))))
        (and (equal first "-") (decklint--match (decklint--ev :yaml-start) head start))
        (let ((top (decklint--cut head (decklint--get :evidence :shell-head))))
          (and (cl-some (lambda (hint) (string-match-p (regexp-quote hint) top))
                        (decklint--get :evidence :shell-hints))
               (let ((n 0) (enough (decklint--get :evidence :shell-lines)))
                 (decklint--each (decklint--ev :shell) top
                                 (lambda () (>= (setq n (1+ n)) enough))))))
        (and (string-match-p ":" head)
             (or (decklint--search (decklint--ev :cms) head)
                 (decklint--yaml-mappings head)))
        (decklint--other-product head start)
        (decklint--prose head))))

(defun decklint--semicolon-comments (src)
  "semicolon_comments"
  (let ((head (decklint--src-head src)))
    (and (string-match-p ";" head)
         (decklint--search (decklint--ev :semicolon-comment) head)
         (not (decklint--search (decklint--ev :other-comment) head)))))

;;;; decklint.readers.base

(defun decklint--line-heads (src &optional n)
  "_heads, line_heads: the first words of SRC's first N lines.
Each is a list (A B C SEP)."
  (let ((n (or n (decklint--get :head-lines))))
    (unless (decklint--src-heads src)
      (let* ((pat (decklint--get :head))
             (anchored (cons (concat "\\`" (car pat)) (cdr pat)))
             (heads nil))
        (cl-loop for ln across (seq-take (decklint--src-lines src) (decklint--get :head-lines))
                 do (push (when (and (decklint--search anchored ln)
                                     (> (match-end 1) (match-beginning 1)))
                            (let* ((a (upcase (match-string 1 ln)))
                                   (b (upcase (or (match-string 4 ln) "")))
                                   (c (upcase (or (match-string 5 ln) "")))
                                   (mark (or (match-string 2 ln) ""))
                                   (paren (or (match-string 3 ln) ""))
                                   (sep (cond ((not (equal mark "")) mark)
                                              ((not (equal paren "")) paren)
                                              ((not (equal b "")) " ")
                                              (t ""))))
                              (list a b c sep)))
                          heads))
        (setf (decklint--src-heads src) (vconcat (nreverse heads)))))
    (or (cdr (assq n (decklint--src-kept src)))
        (let ((got (delq nil (append (seq-take (decklint--src-heads src) n) nil))))
          (push (cons n got) (decklint--src-kept src))
          got))))

(defun decklint--keyword (h)
  (if (string-suffix-p ":" (nth 0 h)) (nth 1 h) (nth 0 h)))

(defun decklint--sniff-keywords (src strong known comments base step top)
  "sniff_keywords"
  (let* ((heads (decklint--line-heads src))
         (n (cl-count-if strong heads)))
    (if (= n 0)
        0
      (let* ((lines (cl-remove-if (lambda (h) (decklint--starts-any (nth 0 h) comments)) heads))
             (good (cl-count-if (lambda (h) (gethash (decklint--keyword h) known)) lines)))
        (if (< good (if (< n 3) (length lines) (/ (1+ (length lines)) 2)))
            0
          (min (+ base (* step n)) top))))))

(defun decklint--sniff-count (src pat lines base step top)
  "sniff_count"
  (let ((n (decklint--count pat (decklint--joined src lines))))
    (if (= n 0) 0 (min (+ base (* step n)) top))))

;;;; The dialects' sniffers

(defun decklint--sniff-aix (src)
  (if (decklint--search (decklint--dialect "aix" :line) (decklint--joined src 300)) 0.85 0))

(defun decklint--sniff-as400 (src)
  (decklint--sniff-count src (decklint--dialect "as400" :line) 500 0.7 0.1 0.97))

(defun decklint--sniff-bpxprm (src)
  (let ((first (decklint--dialect "bpxprm" :first))
        (pairs (decklint--dialect "bpxprm" :pairs)))
    (decklint--sniff-keywords
     src
     (lambda (h) (or (and (gethash (nth 0 h) first) (equal (nth 3 h) "("))
                     (gethash (concat (nth 0 h) " " (nth 1 h)) pairs)))
     (decklint--dialect "bpxprm" :known) '("/*" "*/" "*") 0.7 0.08 0.96)))

(defun decklint--sniff-cics (src)
  (decklint--sniff-count src (decklint--dialect "cics" :line) 400 0.6 0.1 0.95))

(defun decklint--sniff-cm2 (src)
  (decklint--sniff-count src (decklint--dialect "cm2" :line) 500 0.7 0.1 0.97))

(defun decklint--sniff-cicssit (src)
  "cicssit's sniff: a DFHSIT macro (_macro), or SIT overrides (_parameter)."
  (if (decklint--search (decklint--dialect "cicssit" :macro) (decklint--joined src 600 71))
      0.96
    (let* ((first (decklint--dialect "cicssit" :first))
           (heads (decklint--line-heads src 400))
           (strong (cl-count-if (lambda (h) (and (equal (nth 3 h) "=") (gethash (nth 0 h) first)))
                                heads))
           (lines (cl-remove-if (lambda (h) (string-prefix-p "*" (nth 0 h))) heads))
           (pairs (cl-count-if (lambda (h) (or (equal (nth 3 h) "=") (equal (nth 0 h) ".END")))
                               lines)))
      (cond ((= strong 0) 0)
            ((< (* pairs 5) (* (length lines) 4)) 0)
            (t (min (+ 0.8 (* 0.05 strong)) 0.95))))))

(defun decklint--sniff-ezacicd (src)
  (if (decklint--search (decklint--dialect "ezacicd" :line) (decklint--joined src 600 71))
      0.96
    0))

(defun decklint--sniff-ivtprm (src)
  (let ((n (cl-count-if
            (lambda (h)
              (if (member (nth 0 h) '("FIXED" "ECSA" "HVCOMM"))
                  (and (equal (nth 1 h) "MAX") (not (equal (nth 2 h) "")))
                (and (equal (nth 0 h) "POOL") (equal (nth 3 h) "("))))
            (decklint--line-heads src 400))))
    (if (= n 0) 0 (min (+ 0.75 (* 0.08 n)) 0.95))))

(defun decklint--sniff-ncp (src)
  (let ((operands (decklint--dialect "ncp" :operands))
        (head (decklint--joined src 600 71))
        (hits nil))
    (decklint--each
     (decklint--dialect "ncp" :statement) head
     (lambda ()
       (let ((op (match-string 1 head)) (key (match-string 2 head)))
         (when (cond ((null key) (equal op "GENEND"))
                     ((and (decklint--isupper op) (decklint--isupper key)) t)
                     (t (let ((known (cdr (assoc (upcase op) operands))))
                          (and known (gethash (upcase key) known)))))
           (push (upcase op) hits)))
       nil))
    (cond ((or (and (member "BUILD" hits) (member "GENEND" hits))
               (and (member "PCCU" hits) (member "BUILD" hits)))
           0.97)
          ((and (member "BUILD" hits) (member "HOST" hits)) 0.9)
          ((or (member "PCCU" hits) (member "GENEND" hits) (member "SYSCNTRL" hits)
               (member "CLUSTER" hits) (member "TERMINAL" hits))
           0.85)
          (t 0))))

(defun decklint--sniff-nsdos (src)
  (cond ((string-suffix-p ".NSD" (upcase (decklint--src-name src))) 0.9)
        ((decklint--search (decklint--dialect "nsdos" :line) (decklint--joined src 200)) 0.8)
        (t 0)))

(defun decklint--sniff-scf (src)
  (let* ((verbs (decklint--dialect "scf" :verbs))
         (objects (decklint--dialect "scf" :objects))
         (subsystems (decklint--dialect "scf" :subsystems))
         (details (hash-table-keys (decklint--dialect "scf" :details)))
         (n (cl-count-if
             (lambda (h)
               (let ((a (nth 0 h)) (b (nth 1 h)) (c (nth 2 h)))
                 (or (and (gethash a verbs) (gethash b objects)
                          (decklint--starts-any c '("$" "#" "\\" "*")))
                     (and (gethash a subsystems) (member b '("INFO" "STATUS"))
                          (gethash c objects))
                     (and (gethash a subsystems) (equal b "DETAILED")
                          (member c '("INFO" "STATUS")))
                     (decklint--starts-any (string-trim-left a "\\*+") details))))
             (decklint--line-heads src 600))))
    (if (= n 0) 0 (min (+ 0.7 (* 0.08 n)) 0.95))))

(defun decklint--sniff-tcpdata (src)
  (let ((first (decklint--dialect "tcpdata" :first)))
    (decklint--sniff-keywords
     src
     (lambda (h)
       (if (string-suffix-p ":" (nth 0 h))
           (and (gethash (nth 1 h) first) (not (equal (nth 2 h) "")))
         (and (gethash (nth 0 h) first) (member (nth 3 h) '(" " "(")))))
     (decklint--dialect "tcpdata" :known) '("#") 0.6 0.08 0.93)))

(defun decklint--sniff-tcpip (src)
  (let* ((first (decklint--dialect "tcpip" :first))
         (statement
          (lambda (h)
            (let ((a (nth 0 h)) (b (nth 1 h)) (c (nth 2 h)))
              (and (not (member (nth 3 h) '("=" "(")))
                   (or (gethash a first)
                       (and (member a '("DEVICE" "LINK"))
                            (gethash c (decklint--dialect "tcpip" :devices)))
                       (and (equal a "INTERFACE")
                            (gethash c (decklint--dialect "tcpip" :interface)))
                       (and (equal a "INCLUDE")
                            (decklint--fullmatch (decklint--dialect "tcpip" :data-set) b))
                       (and (equal a "HOME")
                            (decklint--match (decklint--dialect "tcpip" :ipv4) b)))))))
         ;; _interface_then_action: `INTERFACE name' alone, its action first on the next line
         (interface-then-action
          (lambda (h following)
            (and (equal (nth 0 h) "INTERFACE")
                 (equal (nth 3 h) " ")
                 (equal (nth 2 h) "")
                 following
                 (gethash (nth 0 following) (decklint--dialect "tcpip" :interface)))))
         (heads (decklint--line-heads src))
         (n 0) (own 0))
    (cl-loop for (h . rest) on heads
             do (when (or (funcall statement h) (funcall interface-then-action h (car rest)))
                  (setq n (1+ n))
                  (when (gethash (nth 0 h) first) (setq own (1+ own)))))
    (cond ((= n 0) 0)
          ((and (< own 3)
                (not (and heads (gethash (nth 0 (car heads)) (decklint--dialect "tcpip" :top)))))
           0)
          (t (min (+ 0.7 (* 0.08 n)) 0.96)))))

(defun decklint--sniff-tsm (src)
  (let ((first (decklint--dialect "tsm" :first)))
    (decklint--sniff-keywords
     src (lambda (h) (and (gethash (nth 0 h) first) (equal (nth 3 h) " ")))
     (decklint--dialect "tsm" :known) '("*" "#") 0.6 0.1 0.95)))

(defun decklint--config-list (src)
  "vtam._config_list: whether SRC is a configuration list.
Every line but comments is member names, a comma ending each but the last."
  (let ((lines nil))
    (cl-loop for ln across (seq-take (decklint--src-lines src) 400)
             for card = (decklint--cut ln 71)
             when (and (string-match-p "[^ \t\n\r\f\v]" card)
                       (not (decklint--starts-any (decklint--lstrip ln) '("*" "/*" ".*"))))
             do (push (decklint--rstrip card) lines))
    (setq lines (nreverse lines))
    (and lines
         (<= (decklint--src-count src) 400)
         (let ((pat (decklint--dialect "vtam" :config-line)) (n 0) (last (length lines)))
           (cl-every (lambda (ln)
                       (setq n (1+ n))
                       (and (decklint--fullmatch pat ln)
                            (or (not (eq (not (equal (match-string 1 ln) "")) (= n last)))
                                ;; _marked: a continuation mark alone after a blank
                                (and (/= n last)
                                     (> (length ln) 2)
                                     (memq (aref ln (1- (length ln))) '(?* ?X ?+ ?-))
                                     (memq (aref ln (- (length ln) 2)) '(?\s ?\t))))))
                     lines))
         (or (> (length lines) 1) (string-match-p "," (car lines))))))

(defun decklint--sniff-vtam (src)
  (let* ((head (decklint--joined src 400 71))
         (ops (decklint--dialect "vtam" :ops))
         (table-ops (decklint--dialect "vtam" :table-ops))
         (operands (decklint--dialect "vtam" :operands))
         (score 0)
         (table
          (decklint--each
           (decklint--dialect "vtam" :statement) head
           (lambda ()
             (let ((op (match-string 1 head)) (key (match-string 2 head)))
               (when (and (gethash (upcase op) ops)
                          (or (and (decklint--isupper op) (decklint--isupper key))
                              (let ((known (cdr (assoc (upcase op) operands))))
                                (and known (gethash (upcase key) known)))))
                 (if (gethash (upcase op) table-ops)
                     t
                   (setq score 0.8)
                   nil)))))))
    (if table
        0.95
      (when (and (cl-some (lambda (h) (gethash (nth 0 h) (decklint--dialect "vtam" :start-options)))
                          (decklint--line-heads src 400))
                 (decklint--search (decklint--dialect "vtam" :start-values) head))
        (setq score (max score 0.9)))
      (when (and (< score 0.6) (string-match-p "," head) (decklint--config-list src))
        (setq score 0.6))
      score)))

(defconst decklint--sniffers
  '(("aix" . decklint--sniff-aix) ("as400" . decklint--sniff-as400)
    ("bpxprm" . decklint--sniff-bpxprm) ("cics" . decklint--sniff-cics)
    ("cicssit" . decklint--sniff-cicssit) ("cm2" . decklint--sniff-cm2) ("ezacicd" . decklint--sniff-ezacicd)
    ("ivtprm" . decklint--sniff-ivtprm) ("ncp" . decklint--sniff-ncp)
    ("nsdos" . decklint--sniff-nsdos) ("scf" . decklint--sniff-scf)
    ("tcpdata" . decklint--sniff-tcpdata) ("tcpip" . decklint--sniff-tcpip)
    ("tsm" . decklint--sniff-tsm) ("vtam" . decklint--sniff-vtam))
  "Each dialect's content sniffer.")

;;;; decklint.inputs.discover

(defun decklint--member-or-name (path)
  "_name: a file's name, or its member's: SYS1.VTAMLST(ATCSTR00) is ATCSTR00."
  (let ((name (file-name-nondirectory path)))
    (if (decklint--search (decklint--get :member) name) (match-string 1 name) name)))

(defun decklint--glob-regexp (glob)
  "GLOB (fnmatch's * and ?) as a regexp."
  (mapconcat (lambda (ch) (pcase ch (?* ".*") (?? ".") (_ (regexp-quote (string ch)))))
             glob ""))

(defvar decklint--globs nil
  "Each dialect and one regexp of its globs, in the order detection tries them.")

(defun decklint--named (file-name)
  "dialects.named: the dialect the registry's globs give FILE-NAME, in any case."
  (unless decklint--globs
    (setq decklint--globs
          (mapcar (lambda (dialect)
                    (cons dialect
                          (concat "\\`\\(?:"
                                  (mapconcat #'decklint--glob-regexp
                                             (decklint--dialect dialect :globs) "\\|")
                                  "\\)\\'")))
                  (decklint--get :order))))
  (let ((case-fold-search t))
    (car (cl-find-if (lambda (entry) (string-match-p (cdr entry) file-name))
                     decklint--globs))))

(defun decklint-detect (src)
  "detect: (DIALECT . HOW) for SRC, a `decklint-source'.
DIALECT is nil and HOW \"against\" or \"none\" for a file decklint
would not lint as a deck."
  (let ((lines (decklint--src-lines src)) (directive (decklint--get :directive)) found)
    (or (cl-loop for ln across (seq-take lines 10)
                 when (and (decklint--search directive ln)
                           (decklint--get :dialects (downcase (match-string 1 ln))))
                 return (cons (downcase (match-string 1 ln)) "directive"))
        (and (decklint--reason (decklint--src-head src)) (cons nil "against"))
        (and (setq found (decklint--named (decklint--member-or-name (decklint--src-path src))))
             (cons found "glob"))
        (let ((semicolons (decklint--semicolon-comments src)) (best nil) (score 0))
          (dolist (dialect (decklint--get :order))
            (when (or (not semicolons) (member ";" (decklint--dialect dialect :comments)))
              (let ((s (funcall (cdr (assoc dialect decklint--sniffers)) src)))
                (when (> s score) (setq best dialect score s)))))
          (cond ((and best (>= score 0.5)) (cons best "content"))
                (semicolons (cons nil "against"))
                (t (cons nil "none")))))))

(defun decklint-skipped-p (path)
  "Whether a folder walk of decklint leaves PATH out by its name.
It does so with a hidden file, and an extension that is never a deck
\(.py, .json, .md, ...)."
  (let ((name (file-name-nondirectory path)) (ext (file-name-extension path)))
    (or (string-prefix-p "." name)
        (and ext (gethash (upcase ext) (decklint--get :skipped)) t))))

(defun decklint-buffer-dialect ()
  "The dialect of the deck in the current buffer, or nil.
Nil when decklint would not lint the file as a deck."
  (when (and buffer-file-name (not (decklint-skipped-p buffer-file-name)))
    (save-excursion
      (save-restriction
        (widen)
        (goto-char (point-min))
        (let ((lines (make-vector (min (decklint--get :head-lines)
                                       (count-lines (point-min) (point-max)))
                                  ""))
              (count (count-lines (point-min) (point-max))))
          (dotimes (i (length lines))
            (aset lines i (buffer-substring-no-properties
                           (line-beginning-position) (line-end-position)))
            (forward-line 1))
          (car (decklint-detect (decklint-source buffer-file-name lines count))))))))

;;;###autoload
(defun decklint-deck-p ()
  "Whether the current buffer is a deck decklint lints; for `magic-mode-alist'."
  (let ((dialect (decklint-buffer-dialect)))
    (when dialect
      (setq-local decklint-dialect dialect)
      t)))

;;;; The mode

(defun decklint--comment-setup (dialect)
  "Comments as DIALECT writes them.
Its first comment prefix, in column 1 on a card."
  (let* ((prefixes (or (and dialect (decklint--dialect dialect :comments)) '("*")))
         (prefix (or (car prefixes) "*"))
         (card (and dialect (decklint--dialect dialect :card))))
    (setq-local comment-start (if (equal prefix "/*") "/* " prefix))
    (setq-local comment-end (if (equal prefix "/*") " */" ""))
    (setq-local comment-padding (if card "" " "))
    (setq-local comment-style (if card 'plain 'indent))
    (setq-local comment-start-skip
                (concat "^[ \t]*" (regexp-opt prefixes) (if card "" "+") "[ \t]*"))
    (when (equal prefix "/*")
      (setq-local comment-end-skip "[ \t]*\\*+/"))
    (setq-local font-lock-defaults
                (list (list (cons (concat "^" (if card "" "[ \t]*") (regexp-opt prefixes) ".*")
                                  'font-lock-comment-face))
                      t))
    (when card
      (setq-local fill-column 71)
      (setq-local indent-tabs-mode nil))))

;;;###autoload
(define-derived-mode decklint-mode prog-mode "Deck"
  "Major mode for the decks decklint lints: VTAM, NCP, TCP/IP profiles, ...
The dialect is told from the content as `decklint lint' tells it
\(`decklint-dialect')."
  (unless decklint-dialect
    (setq-local decklint-dialect (decklint-buffer-dialect)))
  (decklint--comment-setup decklint-dialect))

;;;###autoload
(add-to-list 'magic-mode-alist '(decklint-deck-p . decklint-mode))

;;;; The language server

(defun decklint-root (&optional dir)
  "The folder the server lints for a deck in DIR: the nearest one up holding one of
`decklint-root-markers', else DIR itself."
  (let ((dir (or dir default-directory)))
    (or (locate-dominating-file
         dir (lambda (d) (cl-some (lambda (m) (file-exists-p (expand-file-name m d)))
                                  decklint-root-markers)))
        dir)))

(defun decklint-project (dir)
  "For `project-find-functions': a deck's project is its `decklint-root'."
  (when (derived-mode-p 'decklint-mode)
    (cons 'transient (file-name-as-directory (expand-file-name (decklint-root dir))))))

(with-eval-after-load 'project
  (add-hook 'project-find-functions #'decklint-project))

(defun decklint--eglot-contact (&optional _interactive)
  "The server's command for eglot, with `decklint-initialization-options'."
  (append decklint-server-command
          (when decklint-initialization-options
            (list :initializationOptions decklint-initialization-options))))

(defvar eglot-server-programs)
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(decklint-mode . decklint--eglot-contact)))

(declare-function lsp-register-client "lsp-mode")
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode")
(declare-function lsp-activate-on "lsp-mode")
(defvar lsp-language-id-configuration)
(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(decklint-mode . "decklint"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () decklint-server-command))
    :activation-fn (lsp-activate-on "decklint")
    :initialization-options (lambda () decklint-initialization-options)
    :server-id 'decklint)))

(provide 'decklint)
;;; decklint.el ends here
