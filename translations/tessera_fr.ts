<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../gui/app/command_line.cpp" line="+9"/>
        <source>Tessera runs GGUF language models on your GPUs and lets you chat with them.</source>
        <translation>Tessera exécute des modèles de langage GGUF sur vos GPU et vous permet de discuter avec eux.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open and load the GGUF model FILE.</source>
        <translation>Ouvrir et charger le modèle GGUF FICHIER.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>FILE</source>
        <translation>FICHIER</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A GGUF model to open (same as --model).</source>
        <translation>Un modèle GGUF à ouvrir (comme --model).</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[FILE]</source>
        <translation>[FICHIER]</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give one model file, either with --model or as the only argument.</source>
        <translation>Indiquez un seul fichier de modèle, soit avec --model, soit comme unique argument.</translation>
    </message>
</context>
<context>
    <name>ConversationIo</name>
    <message>
        <location filename="../gui/history/conversation_io.cpp" line="+123"/>
        <source>%1 is not valid JSON: %2 at byte %3.</source>
        <translation>%1 n’est pas du JSON valide&#xa0;: %2 à l’octet %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a Tessera conversation (expected &quot;format&quot;: &quot;%2&quot;).</source>
        <translation>%1 n’est pas une conversation Tessera (attendu&#xa0;: &quot;format&quot;: &quot;%2&quot;).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was written by a newer Tessera (conversation version %2; this version reads %3).</source>
        <translation>%1 a été écrit par une version plus récente de Tessera (version de conversation %2&#xa0;; cette version lit la %3).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Message %1 in %2 has role &quot;%3&quot;; expected &quot;user&quot; or &quot;assistant&quot;.</source>
        <translation>Le message %1 de %2 a le rôle &quot;%3&quot;&#xa0;; attendu&#xa0;: &quot;user&quot; ou &quot;assistant&quot;.</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <location filename="../gui/history/conversation_store.cpp" line="+57"/>
        <source>Empty conversation</source>
        <translation>Conversation vide</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot create the folder %1 for conversations.</source>
        <translation>Impossible de créer le dossier %1 pour les conversations.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot delete %1: %2</source>
        <translation>Impossible de supprimer %1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <location filename="../gui/common/display_format.cpp" line="+17"/>
        <source>%1 B</source>
        <extracomment>A parameter count in billions (&quot;7.24 B&quot;), as model sizes are usually written.</extracomment>
        <translation>%1 Md</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 M</source>
        <extracomment>A parameter count in millions (&quot;3.7 M&quot;).</extracomment>
        <translation>%1 M</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 K</source>
        <extracomment>A parameter count in thousands (&quot;260.0 K&quot;).</extracomment>
        <translation>%1 k</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 s</source>
        <extracomment>A duration under a minute (&quot;12 s&quot;).</extracomment>
        <translation>%1&#xa0;s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min %2 s</source>
        <extracomment>A duration in minutes and seconds (&quot;3 min 5 s&quot;).</extracomment>
        <translation>%1&#xa0;min %2&#xa0;s</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the CPU (%1 threads, %2 KV cache, context %3)</source>
        <extracomment>The CPU backend: threads, the KV cache&apos;s number type (&quot;F16&quot;), the context in tokens.</extracomment>
        <translation>le processeur (%1 threads, cache KV %2, contexte %3)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Prompt: —</source>
        <extracomment>A figure under a reply that is not known or did not happen.</extracomment>
        <translation>Prompt : —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prompt: %1 tok</source>
        <extracomment>Prompt tokens without a rate (nobody measured how long they took).</extracomment>
        <translation>Prompt : %1 tok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt: %1 tok at %2 tok/s</source>
        <translation>Prompt&#xa0;: %1 tok à %2 tok/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 tok cached</source>
        <extracomment>After &quot;Prompt: 12 tok at 950.3 tok/s&quot;: prompt tokens reused from the cache, not read again.</extracomment>
        <translation>%1, %2 tok en cache</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: —</source>
        <translation>Génération : —</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generation: %1 tok at %2 tok/s</source>
        <translation>Génération&#xa0;: %1 tok à %2 tok/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation: %1 tok</source>
        <extracomment>A reply of a single token: no rate (it is measured between tokens).</extracomment>
        <translation>Génération : %1 tok</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 thinking)</source>
        <extracomment>After &quot;Generation: 120 tok at 45.0 tok/s&quot;: how many of those tokens the model spent thinking.</extracomment>
        <translation>%1 (%2 de réflexion)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First token: %1 s</source>
        <translation>Premier jeton&#xa0;: %1&#xa0;s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token: —</source>
        <translation>Premier jeton : —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 · %2 · %3</source>
        <extracomment>The three timing figures shown under a reply, separated.</extracomment>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Continued past a full context (%1×, %2 earlier tok forgotten)</source>
        <extracomment>Under a reply that went on past a full context: %1 = how often, %2 = tokens forgotten.</extracomment>
        <translation>Poursuivi au-delà d’un contexte plein (%1×, %2 tok antérieurs oubliés)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Earlier messages left out to fit the context (%1 messages, %2 tok)</source>
        <extracomment>Under a reply: the context overflow policy left earlier messages out of what the model saw.</extracomment>
        <translation>Messages antérieurs omis pour tenir dans le contexte (%1 messages, %2 tok)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the conversation left out to fit the context (%1 tok)</source>
        <extracomment>Under a reply: the overflow policy cut tokens out of the middle of the conversation (no whole message).</extracomment>
        <translation>Une partie de la conversation omise pour tenir dans le contexte (%1 tok)</translation>
    </message>
</context>
<context>
    <name>ErrorTexts</name>
    <message>
        <location filename="../gui/common/error_text.cpp" line="+12"/>
        <source>The file is damaged or is not a GGUF model. Download it again or open another file.</source>
        <translation>Le fichier est endommagé ou n’est pas un modèle GGUF. Téléchargez-le à nouveau ou ouvrez un autre fichier.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera cannot run this model yet. Choose a model with a supported architecture and tensor types (for example a llama, mistral or qwen2 model in F16, Q8_0, Q4_K or Q6_K).</source>
        <translation>Tessera ne peut pas encore exécuter ce modèle. Choisissez un modèle dont l’architecture et les types de tenseurs sont pris en charge (par exemple un modèle llama, mistral ou qwen2 en F16, Q8_0, Q4_K ou Q6_K).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller context length, a more strongly quantized model, or spread the model over more GPUs.</source>
        <translation>Choisissez une longueur de contexte plus courte, un modèle plus fortement quantifié, ou répartissez le modèle sur davantage de GPU.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the NVIDIA driver is working (nvidia-smi), then try again.</source>
        <translation>Vérifiez que le pilote NVIDIA fonctionne (nvidia-smi), puis réessayez.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing was loaded. Press Load to start again.</source>
        <translation>Rien n’a été chargé. Cliquez sur «&#xa0;Charger&#xa0;» pour recommencer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the file exists and that you may read it.</source>
        <translation>Vérifiez que le fichier existe et que vous avez le droit de le lire.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check the settings and try again.</source>
        <translation>Vérifiez les réglages et réessayez.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Loading %1 was cancelled</source>
        <translation>Le chargement de %1 a été annulé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit in memory</source>
        <translation>%1 ne tient pas en mémoire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not supported</source>
        <translation>%1 n’est pas pris en charge</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a valid model file</source>
        <translation>%1 n’est pas un fichier de modèle valide</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not load %1</source>
        <translation>Impossible de charger %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is still loaded: the chat goes on with it. %2</source>
        <extracomment>After a failed load: %1 is the model that was loaded before and still is; %2 the advice.</extracomment>
        <translation>%1 reste chargé : la conversation continue avec lui. %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the conversation go on: choose Truncate middle or Rolling window beside the context meter, and the model forgets older messages. Or start a new conversation (New Conversation), or load the model with a larger context (Context in the model panel, then Load).</source>
        <extracomment>&quot;Truncate middle&quot;, &quot;Rolling window&quot; and &quot;New Conversation&quot; are the chat&apos;s choices and button, &quot;Context&quot; the model panel&apos;s field: use their translations.</extracomment>
        <translation>Laissez la conversation continuer&#xa0;: choisissez «&#xa0;Tronquer le milieu&#xa0;» ou «&#xa0;Fenêtre glissante&#xa0;» à côté de la jauge de contexte, et le modèle oublie les messages plus anciens. Ou commencez une nouvelle conversation («&#xa0;Nouvelle conversation&#xa0;»), ou chargez le modèle avec un contexte plus grand («&#xa0;Longueur du contexte&#xa0;» dans le panneau Modèle, puis «&#xa0;Charger&#xa0;»).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The conversation fills the model&apos;s context</source>
        <translation>La conversation remplit le contexte du modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last reply was cut off: all %1 tokens of the context are used, so nothing more fits.</source>
        <translation>La dernière réponse a été coupée&#xa0;: les %1 jetons du contexte sont tous utilisés, plus rien ne tient.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The conversation no longer fits the model&apos;s context</source>
        <translation>La conversation ne tient plus dans le contexte du modèle</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The reply ran out of memory</source>
        <translation>La mémoire a manqué pour la réponse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The reply could not be generated</source>
        <translation>La réponse n’a pas pu être générée</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start a new conversation or load the model with a longer context.</source>
        <translation>Commencez une nouvelle conversation ou chargez le modèle avec un contexte plus long.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot open %1</source>
        <translation>Impossible d’ouvrir %1</translation>
    </message>
</context>
<context>
    <name>MemoryCheck</name>
    <message>
        <location filename="../gui/models/memory_check.cpp" line="+45"/>
        <source>%1 may not fit in memory</source>
        <translation>%1 risque de ne pas tenir en mémoire</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading it on the CPU needs about %1 (weights and context), but only %2 of memory is available.</source>
        <extracomment>Planned bytes of the load, then the bytes the system has available (&quot;36.20 GiB&quot;, &quot;23.10 GiB&quot;).</extracomment>
        <translation>Le charger sur le processeur demande environ %1 (poids et contexte), mais seuls %2 de mémoire sont disponibles.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a smaller or more strongly quantized model, or a shorter context. Loading anyway can make the computer swap until it barely responds.</source>
        <translation>Choisissez un modèle plus petit ou plus fortement quantifié, ou un contexte plus court. Charger malgré tout peut forcer l’ordinateur à utiliser le swap au point qu’il ne réponde presque plus.</translation>
    </message>
</context>
<context>
    <name>ModelProblems</name>
    <message>
        <location filename="../gui/models/model_preview.cpp" line="+49"/>
        <source>Damaged or not a GGUF file</source>
        <translation>Fichier endommagé ou non GGUF</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary only: no weights</source>
        <extracomment>A GGUF file with a tokenizer&apos;s vocabulary but no tensors (no model to run).</extracomment>
        <translation>Vocabulaire seul : aucun poids</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unsupported architecture: %1</source>
        <translation>Architecture non prise en charge&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsupported tensor type: %1</source>
        <translation>Type de tenseur non pris en charge&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incomplete or malformed model</source>
        <translation>Modèle incomplet ou mal formé</translation>
    </message>
</context>
<context>
    <name>OverflowPolicyTexts</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+11"/>
        <source>Stop</source>
        <extracomment>Context overflow policy: the reply stops when the model&apos;s context is full.</extracomment>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Truncate middle</source>
        <extracomment>Context overflow policy: keep the start of the conversation and the latest messages.</extracomment>
        <translation>Tronquer le milieu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rolling window</source>
        <extracomment>Context overflow policy: keep only the latest messages (and the system prompt).</extracomment>
        <translation>Fenêtre glissante</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>When the context is full, the reply stops and the conversation cannot go on.</source>
        <translation>Quand le contexte est plein, la réponse s’arrête et la conversation ne peut pas continuer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the context is full, the model keeps the system prompt, the first exchange and the most recent messages, and forgets the ones in between.</source>
        <translation>Quand le contexte est plein, le modèle garde l’invite système, le premier échange et les messages les plus récents, et oublie ceux du milieu.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When the context is full, the model keeps the system prompt and the most recent messages, and forgets the oldest.</source>
        <translation>Quand le contexte est plein, le modèle garde l’invite système et les messages les plus récents, et oublie les plus anciens.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatInput</name>
    <message>
        <location filename="../gui/chat/chat_input.cpp" line="+16"/>
        <source>Write a message… (Enter sends, Shift+Enter for a new line)</source>
        <translation>Écrivez un message… (Entrée pour envoyer, Maj+Entrée pour une nouvelle ligne)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ChatPanel</name>
    <message>
        <location filename="../gui/chat/chat_panel.cpp" line="+103"/>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New Conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The conversation holds %1 of the %2 tokens the model can keep in mind. When they are used up, what happens depends on the policy beside this meter: the reply stops, or older messages are forgotten.</source>
        <translation>La conversation occupe %1 des %2 jetons que le modèle peut garder en tête. Quand ils sont épuisés, tout dépend du choix à côté de cette jauge : la réponse s’arrête, ou les messages plus anciens sont oubliés.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Send the message (Enter)</source>
        <translation>Envoyer le message (Entrée)</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Stop the reply being generated (Esc)</source>
        <translation>Arrêter la réponse en cours de génération (Échap)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard the last reply and generate a new one</source>
        <translation>Abandonner la dernière réponse et en générer une nouvelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new, empty conversation</source>
        <translation>Commencer une nouvelle conversation vide</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+3"/>
        <source>Context: %1 / %2 tok</source>
        <extracomment>The context meter under the chat: tokens the conversation holds, of the model&apos;s context.</extracomment>
        <translation>Contexte&#xa0;: %1 / %2 tok</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Load a model first (Load in the model panel)</source>
        <translation>Chargez d’abord un modèle («&#xa0;Charger&#xa0;» dans le panneau Modèle)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait until the model has loaded</source>
        <translation>Attendez que le modèle soit chargé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for the reply to finish, or press Stop</source>
        <translation>Attendez la fin de la réponse ou cliquez sur «&#xa0;Arrêter&#xa0;»</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a message first</source>
        <translation>Écrivez d’abord un message</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a GGUF model to start: File ▸ Open Model…, or drop a .gguf file here.</source>
        <extracomment>&quot;File ▸ Open Model…&quot; names the File menu and its entry: use their translations (without the &amp;).</extracomment>
        <translation>Pour commencer, ouvrez un modèle GGUF&#xa0;: Fichier ▸ Ouvrir un modèle…, ou déposez un fichier .gguf ici.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Press Load to load %1, then write a message.</source>
        <extracomment>&quot;Load&quot; is the model panel&apos;s Load button: use its translation. %1 is the model&apos;s name.</extracomment>
        <translation>Cliquez sur «&#xa0;Charger&#xa0;» pour charger %1, puis écrivez un message.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading the model…</source>
        <translation>Chargement du modèle…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model is ready. Write a message below.</source>
        <translation>Le modèle est prêt. Écrivez un message ci-dessous.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ConversationSession</name>
    <message>
        <location filename="../gui/history/conversation_session.cpp" line="+52"/>
        <source>The conversation was not saved</source>
        <translation>La conversation n’a pas été enregistrée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose a folder you can write to and try again.</source>
        <translation>Choisissez un dossier où vous pouvez écrire et réessayez.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the conversation to %1</source>
        <translation>Conversation enregistrée dans %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+60"/>
        <source>Open Conversation</source>
        <translation>Ouvrir une conversation</translation>
    </message>
    <message>
        <location line="-60"/>
        <location line="+60"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location line="-56"/>
        <location line="+60"/>
        <source>The conversation could not be opened</source>
        <translation>La conversation n’a pas pu être ouverte</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Choose a conversation file saved by Tessera.</source>
        <translation>Choisissez un fichier de conversation enregistré par Tessera.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Opened the conversation %1</source>
        <translation>Conversation %1 ouverte</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New Conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A reply is being generated. It stops here; what it wrote so far is kept.</source>
        <translation>Une réponse est en cours de génération. Elle s’arrêtera ici&#xa0;; ce qu’elle a déjà écrit est conservé.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation could not be saved (%1). It will be lost.</source>
        <translation>La conversation n’a pas pu être enregistrée (%1). Elle sera perdue.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Choose another conversation.</source>
        <translation>Choisissez une autre conversation.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not renamed</source>
        <translation>La conversation n’a pas été renommée</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+22"/>
        <source>Check that the folder can be written to.</source>
        <translation>Vérifiez que le dossier est accessible en écriture.</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete Conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete this conversation? It cannot be brought back.</source>
        <translation>Supprimer cette conversation&#xa0;? Elle ne pourra pas être récupérée.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The conversation was not deleted</source>
        <translation>La conversation n’a pas été supprimée</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DeviceSource</name>
    <message>
        <location filename="../gui/gpus/device_source.cpp" line="+133"/>
        <source>no GPU in the device list</source>
        <translation>aucun GPU dans la liste des périphériques</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DockTitleBar</name>
    <message>
        <location filename="../gui/app/dock_title_bar.cpp" line="+80"/>
        <source>Show this panel</source>
        <translation>Afficher ce panneau</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Collapse this panel to its title</source>
        <translation>Réduire ce panneau à son titre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float or dock this panel</source>
        <translation>Détacher ou ancrer ce panneau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close this panel (View menu brings it back)</source>
        <translation>Fermer ce panneau (le menu Affichage le fait réapparaître)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadQueueModel</name>
    <message>
        <location filename="../gui/download/download_queue_model.cpp" line="+116"/>
        <source>Waiting</source>
        <extracomment>States of a download in the Download view&apos;s queue.</extracomment>
        <translation>En attente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading</source>
        <translation>Téléchargement</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>En pause</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Part %1 of %2: %3 of %4, </source>
        <extracomment>File %1 of %2 of a model in parts: its name, then its bytes received of its size.</extracomment>
        <translation>Partie %1 sur %2 : %3 sur %4, </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 of %2 (%3%)</source>
        <extracomment>Bytes received of the model&apos;s size, and the percentage.</extracomment>
        <translation>%1 sur %2 (%3 %)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1/s</source>
        <extracomment>Download speed: bytes per second.</extracomment>
        <translation>%1/s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>Progression</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time left</source>
        <extracomment>Column of the download queue: the time until the download completes.</extracomment>
        <translation>Temps restant</translation>
    </message>
</context>
<context>
    <name>tessera::gui::DownloadView</name>
    <message>
        <location filename="../gui/download/download_view.cpp" line="+213"/>
        <source>Downloaded %1: it is in the Library.</source>
        <extracomment>%1: the downloaded model&apos;s file.</extracomment>
        <translation>%1 téléchargé : il est dans la bibliothèque.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download of %1 failed</source>
        <extracomment>%1: the model&apos;s file.</extracomment>
        <translation>Le téléchargement de %1 a échoué</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Download</source>
        <translation>Téléchargement</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The environment&apos;s hub settings cannot be used</source>
        <translation>Les réglages du hub donnés par l&apos;environnement sont inutilisables</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Searching for “%1”…</source>
        <extracomment>%1: the text searched for on the hub.</extracomment>
        <translation>Recherche de « %1 »…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The search failed</source>
        <translation>La recherche a échoué</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 repositories with GGUF models for “%2”.</source>
        <extracomment>%1: how many repositories the hub found; %2: the text searched for.</extracomment>
        <translation>%1 dépôts avec des modèles GGUF pour « %2 ».</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Models of %1 (listing…)</source>
        <extracomment>%1: a hub repository (OWNER/NAME).</extracomment>
        <translation>Modèles de %1 (liste en cours…)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Models of %1</source>
        <translation>Modèles de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The files of %1 could not be listed</source>
        <translation>Les fichiers de %1 n&apos;ont pas pu être listés</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no GGUF model.</source>
        <translation>%1 ne contient aucun modèle GGUF.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 cannot be resumed</source>
        <translation>%1 ne peut pas être repris</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The repository %2 no longer lists %1.</source>
        <extracomment>%1: a file name; %2: a hub repository.</extracomment>
        <translation>Le dépôt %2 ne contient plus %1.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no models folder</source>
        <translation>Il n&apos;y a pas de dossier des modèles</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The download cannot start</source>
        <translation>Le téléchargement ne peut pas commencer</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Search the hub for GGUF models, e.g. Qwen3 8B</source>
        <extracomment>Placeholder of the Download view&apos;s search box.</extracomment>
        <translation>Chercher des modèles GGUF sur le hub, p. ex. Qwen3 8B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search</source>
        <translation>&amp;Rechercher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a repository to see its models.</source>
        <translation>Choisissez un dépôt pour voir ses modèles.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Download</source>
        <translation>&amp;Télécharger</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>Téléchargements</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>&amp;Reprendre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>A&amp;nnuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unfinished downloads in the models folder:</source>
        <translation>Téléchargements inachevés dans le dossier des modèles :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume &amp;Unfinished</source>
        <translation>Reprendre l&apos;&amp;inachevé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hub &amp;address:</source>
        <translation>&amp;Adresse du hub :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Access &amp;token:</source>
        <translation>&amp;Jeton d&apos;accès :</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For gated models: accept the licence on the model&apos;s page and give a token of your account.</source>
        <extracomment>Tooltip of the access token field.</extracomment>
        <translation>Pour les modèles à accès restreint : acceptez la licence sur la page du modèle et donnez un jeton de votre compte.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::EngineWorker</name>
    <message>
        <location filename="../gui/engine/engine_worker.cpp" line="+99"/>
        <location line="+181"/>
        <source>Loading %1 was cancelled.</source>
        <translation>Le chargement de %1 a été annulé.</translation>
    </message>
    <message>
        <location line="-133"/>
        <source>No model is loaded. Open and load a model first.</source>
        <translation>Aucun modèle n’est chargé. Ouvrez et chargez d’abord un modèle.</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The benchmark was cancelled.</source>
        <translation>Le banc d&apos;essai a été annulé.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ErrorBanner</name>
    <message>
        <location filename="../gui/common/error_banner.cpp" line="+73"/>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss message</source>
        <translation>Fermer le message</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GgufChoiceModel</name>
    <message>
        <location filename="../gui/download/gguf_choice_model.cpp" line="+66"/>
        <source>Reading the header…</source>
        <extracomment>The Download view&apos;s &quot;fits?&quot; column while the model&apos;s header comes from the hub.</extracomment>
        <translation>Lecture de l&apos;en-tête…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot tell: %1</source>
        <extracomment>%1: why the model&apos;s header could not be read (names the URL and the reason).</extracomment>
        <translation>Impossible à dire : %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No GPU: it would run on the CPU</source>
        <translation>Pas de GPU : il tournerait sur le CPU</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Fits on GPU %1 with this split</source>
        <extracomment>%1: the GPUs that would hold the model, e.g. &quot;0 + 1&quot;.</extracomment>
        <translation>Tient sur le GPU %1 avec cette répartition</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Would overflow GPU %1: %2 needed, %3 usable</source>
        <extracomment>%1: GPU number; %2: bytes the model would need there; %3: bytes usable there.</extracomment>
        <translation>Déborderait du GPU %1 : %2 nécessaires, %3 utilisables</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2 parts)</source>
        <extracomment>A model split into parts: its first file and how many parts it has.</extracomment>
        <translation>%1 (%2 parties)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Quantization</source>
        <translation>Quantification</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits?</source>
        <extracomment>Column of a repository&apos;s models: whether each fits on the GPUs with the split chosen now.</extracomment>
        <translation>Tient ?</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuListModel</name>
    <message>
        <location filename="../gui/gpus/gpu_list_model.cpp" line="+36"/>
        <source>%1 used · %2 free of %3</source>
        <translation>%1 utilisés · %2 libres sur %3</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: %2</source>
        <extracomment>A GPU: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1
UUID: %2
PCI bus: %3
Compute capability: %4
Memory: %5</source>
        <translation>%1
UUID&#xa0;: %2
Bus PCI&#xa0;: %3
Capacité de calcul&#xa0;: %4
Mémoire&#xa0;: %5</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute</source>
        <extracomment>Column header: the GPU&apos;s CUDA compute capability (&quot;9.0&quot;).</extracomment>
        <translation>Calcul</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>Mémoire</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuPanel</name>
    <message>
        <location filename="../gui/gpus/gpu_panel.cpp" line="+77"/>
        <source>No GPU can be used: %1.
Tessera runs models on the CPU.</source>
        <extracomment>%1 is why (from the driver or the build), e.g. &quot;no NVIDIA driver/GPU found&quot;.</extracomment>
        <translation>Aucun GPU utilisable&#xa0;: %1.
Tessera exécute les modèles sur le processeur.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking for GPUs…</source>
        <translation>Recherche des GPU…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading GPU memory failed: %1</source>
        <translation>Échec de la lecture de la mémoire GPU&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GpuWorkspace</name>
    <message>
        <location filename="../gui/gpus/gpu_workspace.cpp" line="+105"/>
        <source>Throughput</source>
        <translation>Débit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU Memory</source>
        <translation>Mémoire GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Performance</source>
        <translation>Performances</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Split Benchmark</source>
        <translation>Banc d&apos;essai</translation>
    </message>
</context>
<context>
    <name>tessera::gui::GuideDialog</name>
    <message>
        <location filename="../gui/app/guide_dialog.cpp" line="+55"/>
        <source>Getting started</source>
        <translation>Pour commencer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model (File ▸ Open Model…, a .gguf file dropped on the window, or the Model Library) and it is described in the Model panel before anything is loaded: what it is, how large, and whether Tessera can run it. Press Load, then write a message. Opening a model from the Library or Recent Models loads it at once.</source>
        <translation>Ouvrez un modèle GGUF (Fichier ▸ Ouvrir un modèle…, un fichier .gguf déposé sur la fenêtre, ou la bibliothèque de modèles) : le panneau Modèle le décrit avant tout chargement — ce qu’il est, sa taille et si Tessera peut l’exécuter. Appuyez sur Charger, puis écrivez un message. Un modèle ouvert depuis la bibliothèque ou les modèles récents est chargé aussitôt.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split workspace (the GPUs tab)</source>
        <translation>L’espace de répartition (onglet GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With more than one GPU, choose how the model is spread over them. Layer split gives each GPU whole layers; row split cuts every layer across the GPUs (for models whose heads divide evenly, without experts); None puts everything on the main GPU. Drag the sliders to set each GPU&apos;s share.</source>
        <translation>Avec plusieurs GPU, choisissez comment le modèle y est réparti. La répartition par couches donne à chaque GPU des couches entières ; la répartition par lignes découpe chaque couche entre les GPU (pour les modèles dont les têtes se divisent également, sans experts) ; Aucune met tout sur le GPU principal. Faites glisser les curseurs pour fixer la part de chaque GPU.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bars show what each GPU will hold (weights, KV cache, scratch) before anything is loaded, from the same plan the loader follows; a bar that would overflow turns red and says by how much. A smaller KV cache type (q8_0, q4_0) makes room for a longer context. Apply loads the model again with the split.</source>
        <translation>Les barres montrent, avant tout chargement, ce que chaque GPU contiendra (poids, cache KV, mémoire de travail), selon le plan même que suit le chargeur ; une barre qui déborderait devient rouge et indique de combien. Un type de cache KV plus petit (q8_0, q4_0) laisse de la place pour un contexte plus long. Appliquer recharge le modèle avec la répartition.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The split benchmark</source>
        <translation>Le banc d’essai des répartitions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add two to six splits (the current one, or the suggestions), press Run Benchmark: the loaded model is loaded with each split in turn and measured, then loaded as it was. Splits that would not fit are refused. A difference within the runs&apos; spread is called a tie; Apply the Winner loads the fastest split.</source>
        <translation>Ajoutez deux à six répartitions (l’actuelle ou les suggestions), puis appuyez sur Lancer le banc d’essai : le modèle chargé est rechargé avec chaque répartition à tour de rôle et mesuré, puis rechargé tel qu’il était. Les répartitions qui ne tiendraient pas sont refusées. Un écart compris dans la dispersion des mesures est une égalité ; Appliquer la gagnante charge la répartition la plus rapide.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Editing a message</source>
        <translation>Modifier un message</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit under one of your messages changes it and gets a new reply from there; the messages after it are replaced. Regenerate asks again for the last reply.</source>
        <translation>Modifier, sous l’un de vos messages, le change et obtient une nouvelle réponse à partir de là ; les messages suivants sont remplacés. Régénérer redemande la dernière réponse.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send the message</source>
        <extracomment>A shortcut of the message box.</extracomment>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New line in the message</source>
        <translation>Nouvelle ligne dans le message</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tessera Guide</source>
        <translation>Guide de Tessera</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HistoryPanel</name>
    <message>
        <location filename="../gui/history/history_panel.cpp" line="+113"/>
        <source>Search conversations</source>
        <translation>Rechercher des conversations</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the selected conversation a title</source>
        <translation>Donner un titre à la conversation sélectionnée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected conversation for good</source>
        <translation>Supprimer définitivement la conversation sélectionnée</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1
Last changed %2</source>
        <translation>%1
Dernière modification&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>tessera::gui::HubSearchModel</name>
    <message>
        <location filename="../gui/download/hub_search_model.cpp" line="+45"/>
        <source>Repository</source>
        <extracomment>Column of the Download view&apos;s search results: the hub repository (OWNER/NAME).</extracomment>
        <translation>Dépôt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloads</source>
        <translation>Téléchargements</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Likes</source>
        <translation>J&apos;aime</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryModel</name>
    <message>
        <location filename="../gui/library/library_model.cpp" line="+126"/>
        <source>No GPU is available: the model would run on the CPU.</source>
        <translation>Aucun GPU disponible&#xa0;: le modèle tournerait sur le CPU.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>With a context of %1 tokens:</source>
        <extracomment>Before the bytes per GPU: the context the model would be loaded with, in tokens.</extracomment>
        <translation>Avec un contexte de %1 jetons&#xa0;:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU %1: %2 of %3 usable</source>
        <translation>GPU %1&#xa0;: %2 sur %3 utilisables</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU %1 would need %2 but only %3 is usable</source>
        <translation>Le GPU %1 aurait besoin de %2, mais seuls %3 sont utilisables</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Fits</source>
        <extracomment>The model library&apos;s &quot;fits on the GPUs?&quot; column.</extracomment>
        <translation>Tient</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Too large</source>
        <translation>Trop grand</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU</source>
        <translation>Aucun GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot split</source>
        <extracomment>The split planner refused the split for this model (e.g. row split of a mixture of experts).</extracomment>
        <translation>Répartition impossible</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Whether the model fits on the GPUs with the split chosen in the GPUs panel</source>
        <translation>Indique si le modèle tient sur les GPU avec la répartition choisie dans le panneau GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture</source>
        <translation>Architecture</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quantization</source>
        <extracomment>The model&apos;s main weight type (&quot;Q4_K&quot;).</extracomment>
        <translation>Quantification</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fits on GPUs</source>
        <extracomment>Column header: whether the model fits on the GPUs with the chosen split.</extracomment>
        <translation>Tient sur les GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LibraryPanel</name>
    <message>
        <location filename="../gui/library/library_panel.cpp" line="+39"/>
        <source>Add a Model Folder</source>
        <translation>Ajouter un dossier de modèles</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Search by name, architecture, quantization or path</source>
        <translation>Rechercher par nom, architecture, quantification ou chemin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Show:</source>
        <extracomment>Label of the choice between all models and the recent ones.</extracomment>
        <translation>&amp;Afficher&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All models</source>
        <translation>Tous les modèles</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent models</source>
        <translation>Modèles récents</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove Folder</source>
        <translation>Retirer le dossier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rescan</source>
        <translation>Analyser à nouveau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>&amp;Ouvrir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from List</source>
        <translation>Retirer de la liste</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file stays on disk; adding its folder again brings it back.</source>
        <translation>Le fichier reste sur le disque&#xa0;; ajouter à nouveau son dossier le fait réapparaître.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal in File Manager</source>
        <translation>Afficher dans le gestionnaire de fichiers</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Library</source>
        <translation>Bibliothèque</translation>
    </message>
    <message>
        <location line="+152"/>
        <source>%1: %2</source>
        <extracomment>A file of the model library that cannot be opened: the short reason, then the reader&apos;s message.</extracomment>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reading models… %1 of %2</source>
        <extracomment>Files of the model library read so far, of all found.</extracomment>
        <translation>Lecture des modèles… %1 sur %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Looking for models…</source>
        <translation>Recherche de modèles…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a folder that holds .gguf models.</source>
        <translation>Ajoutez un dossier contenant des modèles .gguf.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n model(s)</source>
        <translation>
            <numerusform>%n modèle</numerusform>
            <numerusform>%n modèles</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 shown of %2</source>
        <extracomment>How many rows the search or filter shows, of all (the second argument is &quot;N models&quot;).</extracomment>
        <translation>%1 affichés sur %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the search stopped at its limit; there may be more)</source>
        <translation>(la recherche s’est arrêtée à sa limite&#xa0;; il peut y en avoir d’autres)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServer</name>
    <message>
        <location filename="../gui/server/local_server.cpp" line="+39"/>
        <source>Host is empty: enter 127.0.0.1 to serve this machine only.</source>
        <extracomment>&quot;Host&quot; is the Local Server dialog&apos;s field: use its translation.</extracomment>
        <translation>L’hôte est vide : saisissez 127.0.0.1 pour ne servir que cette machine.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 lets other machines connect: enter an API key (clients send it as “Authorization: Bearer KEY”), or tick “Allow other machines without an API key”.</source>
        <extracomment>%1 is the host typed in the Local Server dialog; &quot;API key&quot; and &quot;Allow other machines without an API key&quot; are its fields: use their translations.</extracomment>
        <translation>%1 laisse d’autres machines se connecter : saisissez une clé d’API (les clients l’envoient sous la forme « Authorization: Bearer KEY »), ou cochez « Autoriser d’autres machines sans clé d’API ».</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Local server: waiting for a model loaded in this app</source>
        <translation>Serveur local&#xa0;: en attente d’un modèle chargé dans cette application</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Serving at %1</source>
        <extracomment>The address clients use, e.g. &quot;http://127.0.0.1:8080&quot;.</extracomment>
        <translation>Service sur %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local server not started: %1</source>
        <translation>Serveur local non démarré&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::LocalServerDialog</name>
    <message>
        <location filename="../gui/server/local_server_dialog.cpp" line="+67"/>
        <source>Local Server</source>
        <translation>Serveur local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves the model loaded in this app to other programs over the OpenAI-compatible API (base URL: the address below followed by /v1). Their requests wait in line with the chat&apos;s own.</source>
        <translation>Met le modèle chargé dans cette application à la disposition d’autres programmes via l’API compatible OpenAI (URL de base&#xa0;: l’adresse ci-dessous suivie de /v1). Leurs requêtes attendent dans la même file que celles du chat.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Serve the loaded model</source>
        <translation>Servir le modèle chargé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any free port</source>
        <extracomment>Port 0 in the local server&apos;s settings: the system picks a free port.</extracomment>
        <translation>tout port libre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (anyone on this machine may connect)</source>
        <translation>aucune (tout le monde sur cette machine peut se connecter)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow other machines without an API key (insecure)</source>
        <translation>Autoriser d’autres machines sans clé d’API (non sécurisé)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (web pages cannot use the server)</source>
        <translation>aucune (les pages web ne peuvent pas utiliser le serveur)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Web pages allowed to call the server from a browser, as their origins separated by commas, e.g. http://localhost:3000, https://*.example.com; * allows every page.</source>
        <extracomment>&quot;*&quot; and the example origins are typed as shown; do not translate them.</extracomment>
        <translation>Pages web autorisées à appeler le serveur depuis un navigateur, données par leurs origines séparées par des virgules, p.&#xa0;ex. http://localhost:3000, https://*.example.com&#xa0;; * autorise toutes les pages.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host:</source>
        <translation>Hôte&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port:</source>
        <translation>Port&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>Clé d’API&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allowed web origins:</source>
        <translation>Origines web autorisées&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy Address</source>
        <translation>Copier l’adresse</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The local server is off.</source>
        <translation>Le serveur local est arrêté.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+245"/>
        <source>Loading %1 again with the new split…</source>
        <extracomment>The status bar after Apply (a new GPU split): the model is loaded again with it.</extracomment>
        <translation>Rechargement de %1 avec la nouvelle répartition…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Split applied: %1. The model runs on the CPU here, where a GPU split changes nothing.</source>
        <translation>Répartition appliquée : %1. Le modèle tourne ici sur le processeur, où une répartition entre GPU ne change rien.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split applied: %1.</source>
        <translation>Répartition appliquée : %1.</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>&amp;Open Model…</source>
        <translation>&amp;Ouvrir un modèle…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Model</source>
        <translation>&amp;Charger le modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Unload Model</source>
        <translation>&amp;Décharger le modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Conversation…</source>
        <translation>Ouvrir une con&amp;versation…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save Conversation…</source>
        <translation>&amp;Enregistrer la conversation…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Nouvelle conversation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Regenerate Reply</source>
        <translation>&amp;Régénérer la réponse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy Last Reply</source>
        <translation>&amp;Copier la dernière réponse</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Guide and Shortcuts</source>
        <extracomment>Help menu: a short guide to the split workspace and the keyboard shortcuts.</extracomment>
        <translation>&amp;Guide et raccourcis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Reset Layout</source>
        <extracomment>View menu: every panel back where it was at the first start, sized for the window.</extracomment>
        <translation>&amp;Réinitialiser la disposition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Tessera</source>
        <translation>À &amp;propos de Tessera</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Chat</source>
        <translation>&amp;Conversation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings</source>
        <translation>&amp;Paramètres</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Language menu entry: follow the language of the desktop session.</extracomment>
        <translation>Langue du système</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation</source>
        <translation>Génération</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System Prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling</source>
        <translation>Échantillonnage</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>&amp;%1 %2</source>
        <extracomment>Recent-files menu entry: number (keyboard accelerator) and file name.</extracomment>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Clear Recent Files</source>
        <translation>Effacer la liste</translation>
    </message>
    <message>
        <location line="-508"/>
        <source>Truncate Middle and Retry</source>
        <translation>Tronquer le milieu et réessayer</translation>
    </message>
    <message>
        <location line="+541"/>
        <source>Open a GGUF Model</source>
        <translation>Ouvrir un modèle GGUF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>Modèles GGUF (*.gguf);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Conversation</source>
        <extracomment>The file name the save dialog suggests.</extracomment>
        <translation>Enregistrer la conversation</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>conversation.json</source>
        <translation>conversation.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Conversations (*.json);;All files (*)</source>
        <translation>Conversations (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Quit Tessera</source>
        <translation>Quitter Tessera</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quit</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Open Conversation</source>
        <translation>Ouvrir une conversation</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Go On: Truncate Middle</source>
        <translation>Continuer : tronquer le milieu</translation>
    </message>
    <message>
        <location line="+551"/>
        <source>Copied to the clipboard</source>
        <translation>Copié dans le presse-papiers</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Tessera</source>
        <translation>À propos de Tessera</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Runs GGUF language models on NVIDIA GPUs with its own CUDA backend, or on the CPU.&lt;/p&gt;&lt;p&gt;MIT License.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Exécute des modèles de langage GGUF sur des GPU NVIDIA avec son propre moteur CUDA, ou sur le processeur.&lt;/p&gt;&lt;p&gt;Licence MIT.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="+490"/>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <location filename="../gui/app/main_window.cpp" line="+37"/>
        <source>%1 — Tessera</source>
        <extracomment>Window title: model name, then the application name.</extracomment>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tessera</source>
        <translation>Tessera</translation>
    </message>
    <message>
        <location line="-219"/>
        <source>Local &amp;Server…</source>
        <translation>&amp;Serveur local…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recent &amp;Models</source>
        <translation>&amp;Modèles récents</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model Li&amp;brary</source>
        <translation>&amp;Bibliothèque de modèles</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Model Folder…</source>
        <translation>Ajouter un dossier de &amp;modèles…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MemoryPlot</name>
    <message>
        <location filename="../gui/gpus/memory_plot.cpp" line="+84"/>
        <source>GPU memory in use over time</source>
        <translation>Mémoire GPU utilisée au fil du temps</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>Enregistrer ce graphique en image PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No GPU is in use: the model runs on the CPU, so there is no GPU memory to plot.</source>
        <extracomment>The GPU memory plot on a machine without a usable GPU.</extracomment>
        <translation>Aucun GPU n’est utilisé : le modèle tourne sur le processeur, il n’y a donc pas de mémoire GPU à tracer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>secondes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GiB used</source>
        <translation>Gio utilisés</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2</source>
        <extracomment>A GPU in the legend: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Export Memory Plot</source>
        <translation>Exporter le graphique de mémoire</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gpu-memory.png</source>
        <translation>memoire-gpu.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MessageWidget</name>
    <message>
        <location filename="../gui/chat/message_widget.cpp" line="+110"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copied ✓</source>
        <extracomment>The Copy button of a message, for a moment after it was pressed.</extracomment>
        <translation>Copié ✓</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message as Markdown</source>
        <translation>Copier ce message en Markdown</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit</source>
        <extracomment>Edit a message already sent, then ask again from there.</extracomment>
        <translation>Modifier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change this message and get a new reply from here (the messages after it are replaced)</source>
        <translation>Modifier ce message et obtenir une nouvelle réponse à partir d’ici (les messages suivants sont remplacés)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send</source>
        <extracomment>The button under an edited message: send it again and get a new reply.</extracomment>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>stopped: context full</source>
        <extracomment>A reply cut off because the model&apos;s context (its token memory) is used up.</extracomment>
        <translation>arrêtée&#xa0;: contexte plein</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Thinking…</source>
        <extracomment>Above a reply while a reasoning model thinks (its thoughts stream below).</extracomment>
        <translation>Réflexion…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thought for %1</source>
        <extracomment>Above a reply of a reasoning model, folded: %1 = how long it thought (&quot;12 s&quot;).</extracomment>
        <translation>A réfléchi pendant %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thoughts</source>
        <extracomment>Above a reply of a reasoning model whose thinking time is not known.</extracomment>
        <translation>Réflexions</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold the model&apos;s thinking</source>
        <translation>Replier la réflexion du modèle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the model&apos;s thinking</source>
        <translation>Afficher la réflexion du modèle</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>generating…</source>
        <translation>génération…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading the prompt…</source>
        <translation>lecture du prompt…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reading the prompt… %1 / %2 tokens</source>
        <extracomment>While the model reads the conversation: tokens read so far, of all.</extracomment>
        <translation>lecture du prompt… %1 / %2 jetons</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, about %1 left</source>
        <extracomment>Appended to &quot;reading the prompt… 120 / 4,000 tokens&quot;: the time still expected.</extracomment>
        <translation>, encore environ %1</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>stopped</source>
        <translation>arrêtée</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed: %1</source>
        <translation>échec&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelOpener</name>
    <message>
        <location filename="../gui/models/model_opener.cpp" line="+57"/>
        <location line="+16"/>
        <location line="+63"/>
        <source>Open Another File…</source>
        <translation>Ouvrir un autre fichier…</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Load Anyway</source>
        <translation>Charger quand même</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 was unloaded: the chat uses %2 on the server now.</source>
        <extracomment>%1: the local model that was unloaded; %2: the server&apos;s model the chat uses now.</extracomment>
        <translation>%1 a été déchargé : la conversation utilise maintenant %2 sur le serveur.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelPanel</name>
    <message>
        <location filename="../gui/models/model_panel.cpp" line="+72"/>
        <source>File:</source>
        <translation>Fichier&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture:</source>
        <translation>Architecture&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters:</source>
        <translation>Paramètres&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor types:</source>
        <translation>Types de tenseurs&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trained context:</source>
        <translation>Contexte d’entraînement&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers:</source>
        <translation>Couches&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocabulary:</source>
        <translation>Vocabulaire&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chat template:</source>
        <translation>Modèle de chat&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File size:</source>
        <translation>Taille du fichier&#xa0;:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Open Model…</source>
        <translation>Ouvrir un modèle…</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This file cannot be loaded: %1. %2</source>
        <extracomment>A file the engine cannot run: the short reason (&quot;Vocabulary only: no weights&quot;), then the details.</extracomment>
        <translation>Ce fichier ne peut pas être chargé : %1. %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Model default: %1 of the %2 tokens this model was trained on.</source>
        <extracomment>Tooltip of the context box when the model default is shorter than the trained context.</extracomment>
        <translation>Valeur du modèle : %1 des %2 jetons sur lesquels ce modèle a été entraîné.</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Load</source>
        <translation>Charger</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Unload</source>
        <translation>Décharger</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>Load the model with the context length chosen below</source>
        <translation>Charger le modèle avec la longueur de contexte choisie ci-dessous</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Free the memory the model holds</source>
        <translation>Libérer la mémoire occupée par le modèle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context length:</source>
        <translation>Longueur du contexte&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> tokens</source>
        <extracomment>Suffix of the context length box, after the number (&quot;4096 tokens&quot;).</extracomment>
        <translation> jetons</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>How many tokens of conversation the model can see. Longer contexts need more memory.</source>
        <translation>Nombre de jetons de la conversation que le modèle peut voir. Un contexte plus long demande plus de mémoire.</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>%p%</source>
        <extracomment>Text on the load progress bar; Qt replaces %p with the percentage done.</extracomment>
        <translation>%p&#xa0;%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview – not loaded</source>
        <extracomment>A badge beside the model&apos;s name: its details are shown, but it is not the loaded model.</extracomment>
        <translation>Aperçu – non chargé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file&apos;s details are shown; press Load to use it in the chat.</source>
        <translation>Les détails de ce fichier sont affichés&#xa0;; cliquez sur «&#xa0;Charger&#xa0;» pour l’utiliser dans la conversation.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>No model open</source>
        <translation>Aucun modèle ouvert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model default</source>
        <translation>Valeur du modèle</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown (no general.architecture)</source>
        <translation>inconnue (pas de general.architecture)</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 (%Ln tensor(s))</source>
        <extracomment>Parameter count (e.g. &quot;7.24 B&quot;), then how many tensors hold them.</extracomment>
        <translation>
            <numerusform>%1 (%Ln tenseur)</numerusform>
            <numerusform>%1 (%Ln tenseurs)</numerusform>
        </translation>
    </message>
    <message>
        <location line="-6"/>
        <source>%1 ×%2 (%3)</source>
        <extracomment>One tensor type: its name, how many tensors have it, their size (&quot;Q4_K ×226 (3.80 GiB)&quot;).</extracomment>
        <translation>%1 ×%2 (%3)</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <location line="+2"/>
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln jeton</numerusform>
            <numerusform>%Ln jetons</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+1"/>
        <location line="+2"/>
        <source>not stated</source>
        <translation>non indiqué</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no (plain text continuation)</source>
        <translation>non (simple continuation de texte)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Model default (%1)</source>
        <translation>Valeur du modèle (%1)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 tokens is more than the %2 this model was trained on: past %2 tokens its replies are likely to fall apart, and the memory is spent for nothing.</source>
        <translation>%1 jetons, c’est plus que les %2 sur lesquels ce modèle a été entraîné&#xa0;: au-delà de %2 jetons, ses réponses risquent de se dégrader, et la mémoire est dépensée pour rien.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Reload</source>
        <translation>Recharger</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model again with the context length and GPU split chosen now</source>
        <translation>Recharger le modèle avec la longueur de contexte et la répartition GPU choisies maintenant</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the file…</source>
        <translation>Lecture du fichier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This file cannot be loaded. Open another model.</source>
        <translation>Ce fichier ne peut pas être chargé. Ouvrez un autre modèle.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not loaded. Press Load to load it.</source>
        <translation>Non chargé. Cliquez sur «&#xa0;Charger&#xa0;» pour le charger.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a GGUF model file to see what is in it.</source>
        <translation>Ouvrez un fichier de modèle GGUF pour voir son contenu.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This file cannot be loaded; the chat still uses %1.</source>
        <extracomment>%1 is the loaded model&apos;s name: the file shown cannot be loaded, the chat goes on with it.</extracomment>
        <translation>Ce fichier ne peut pas être chargé ; la conversation utilise toujours %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not loaded: the chat still uses %1. Press Load to switch to this model.</source>
        <extracomment>%1 is the loaded model&apos;s name; &quot;Load&quot; is the Load button: use its translation.</extracomment>
        <translation>Non chargé&#xa0;: la conversation utilise encore %1. Cliquez sur «&#xa0;Charger&#xa0;» pour passer à ce modèle.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded in %1 s on the CPU.</source>
        <translation>Chargé en %1&#xa0;s sur le processeur.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded in %1 s on %2.</source>
        <extracomment>%2 names the backend the engine chose (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>Chargé en %1&#xa0;s sur %2.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelSourcePanel</name>
    <message>
        <location filename="../gui/models/model_source_panel.cpp" line="+46"/>
        <source>Source:</source>
        <extracomment>Where the model runs: a GGUF file loaded by this app, or an OpenAI-compatible server.</extracomment>
        <translation>Source&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model file</source>
        <translation>Fichier de modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-compatible server</source>
        <translation>Serveur compatible OpenAI</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyChooser</name>
    <message>
        <location filename="../gui/chat/overflow_policy_chooser.cpp" line="+27"/>
        <source>When full: %1</source>
        <extracomment>The chat&apos;s context overflow chooser: &quot;When full: Truncate middle&quot;.</extracomment>
        <translation>Si plein : %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::OverflowPolicyMenu</name>
    <message>
        <location line="+35"/>
        <source>When the Context Is &amp;Full</source>
        <extracomment>Settings menu: the context overflow policy new conversations start with.</extracomment>
        <translation>Quand le contexte est &amp;plein</translation>
    </message>
</context>
<context>
    <name>tessera::gui::RemoteEndpointPanel</name>
    <message>
        <location filename="../gui/remote/remote_endpoint_panel.cpp" line="+143"/>
        <source>Could not connect to %1</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>Connexion à %1 impossible</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the URL (it usually ends in /v1), the API key and the model name, and that the server is running.</source>
        <translation>Vérifiez l’URL (elle se termine généralement par /v1), la clé d’API et le nom du modèle, et que le serveur tourne.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Connected: %1 at %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>Connecté&#xa0;: %1 sur %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the server for its models…</source>
        <translation>Demande de la liste des modèles au serveur…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not connect: %1</source>
        <extracomment>The last Connect failed: the reason.</extracomment>
        <translation>Connexion impossible : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not list the models: %1</source>
        <translation>Impossible de lister les modèles&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The server offers %n model(s).</source>
        <translation>
            <numerusform>Le serveur propose %n modèle.</numerusform>
            <numerusform>Le serveur propose %n modèles.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>URL:</source>
        <translation>URL&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>Clé d’API&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modèle&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List Models</source>
        <translation>Lister les modèles</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>Connecter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>Déconnecter</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SamplingPanel</name>
    <message>
        <location filename="../gui/chat/sampling_panel.cpp" line="+86"/>
        <source>Model default</source>
        <extracomment>The Thinking choice of a reasoning model: leave it to the model&apos;s chat template.</extracomment>
        <translation>Par défaut du modèle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On</source>
        <extracomment>Thinking choice: the model thinks before it answers.</extracomment>
        <translation>Activé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off</source>
        <extracomment>Thinking choice: the model answers without thinking first.</extracomment>
        <translation>Désactivé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Low</source>
        <extracomment>Reasoning effort (gpt-oss): how long the model thinks.</extracomment>
        <translation>Faible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Medium</source>
        <translation>Moyen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High</source>
        <translation>Élevé</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Temperature:</source>
        <translation>Température&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-k:</source>
        <translation>Top-k&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-p:</source>
        <translation>Top-p&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Min-p:</source>
        <translation>Min-p&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repetition penalty:</source>
        <translation>Pénalité de répétition&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>Graine&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max reply tokens:</source>
        <translation>Jetons max. par réponse&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Higher values give more varied replies; 0 always picks the most likely token.</source>
        <translation>Des valeurs plus élevées donnent des réponses plus variées&#xa0;; 0 choisit toujours le jeton le plus probable.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <extracomment>Shown in the Top-k box at 0.</extracomment>
        <translation>désactivé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample only among the k most likely tokens (0 = no limit).</source>
        <translation>N’échantillonner que parmi les k jetons les plus probables (0 = sans limite).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample among the most likely tokens whose probabilities add up to p (1 = off).</source>
        <translation>Échantillonner parmi les jetons les plus probables dont les probabilités totalisent p (1 = désactivé).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop tokens less likely than this fraction of the most likely one (0 = off).</source>
        <translation>Écarter les jetons moins probables que cette fraction du plus probable (0 = désactivé).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Penalise tokens that already appeared (1 = off).</source>
        <translation>Pénaliser les jetons déjà apparus (1 = désactivé).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>random</source>
        <extracomment>Shown in the Seed box at -1: a new random seed for every reply.</extracomment>
        <translation>aléatoire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A fixed seed makes replies repeatable with the same settings.</source>
        <translation>Une graine fixe rend les réponses reproductibles avec les mêmes réglages.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest reply, in tokens.</source>
        <translation>La réponse la plus longue, en jetons.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking:</source>
        <translation>Réflexion&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whether, or how long, a reasoning model thinks before it answers (as its chat template offers it).</source>
        <translation>Si un modèle de raisonnement réfléchit avant de répondre, ou combien de temps (selon ce que propose son modèle de chat).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset to Defaults</source>
        <translation>Rétablir les valeurs par défaut</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchModel</name>
    <message>
        <location filename="../gui/bench/split_bench_model.cpp" line="+65"/>
        <source>Everything on GPU %1</source>
        <translation>Tout sur le GPU %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 %</source>
        <extracomment>One GPU&apos;s share in a split: GPU index, percent.</extracomment>
        <translation>%1 : %2 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row</source>
        <translation>Lignes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer</source>
        <translation>Couches</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · main GPU %3</source>
        <extracomment>A split in a line: mode, the GPUs&apos; shares, the main GPU.</extracomment>
        <translation>%1 · %2 · GPU principal %3</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>It would overflow GPU %1: %2 needed, %3 usable.</source>
        <extracomment>A split of the benchmark that does not fit: GPU index, bytes it would need, bytes usable.</extracomment>
        <translation>Le GPU %1 déborderait : %2 nécessaires, %3 utilisables.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>At most %1 splits can be compared.</source>
        <translation>On peut comparer au plus %1 répartitions.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This split is in the list already.</source>
        <translation>Cette répartition est déjà dans la liste.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This split cannot be measured. %1</source>
        <translation>Cette répartition ne peut pas être mesurée. %1</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%n suggestion(s) left out: they would not fit the GPUs or the model.</source>
        <translation>
            <numerusform>%n suggestion omise : elle ne tiendrait pas sur les GPU ou ne convient pas au modèle.</numerusform>
            <numerusform>%n suggestions omises : elles ne tiendraient pas sur les GPU ou ne conviennent pas au modèle.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Split #%1 cannot be measured. %2</source>
        <translation>La répartition n°%1 ne peut pas être mesurée. %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancelling: the model is loaded with its own split again…</source>
        <translation>Annulation : le modèle est rechargé avec sa propre répartition…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+9"/>
        <source>Measuring split %1 of %2…</source>
        <translation>Mesure de la répartition %1 sur %2…</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Cancelled after %n split(s) measured.</source>
        <translation>
            <numerusform>Annulé après %n répartition mesurée.</numerusform>
            <numerusform>Annulé après %n répartitions mesurées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Done: %n split(s) measured.</source>
        <translation>
            <numerusform>Terminé : %n répartition mesurée.</numerusform>
            <numerusform>Terminé : %n répartitions mesurées.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchView</name>
    <message>
        <location filename="../gui/bench/split_bench_view.cpp" line="+204"/>
        <source>Measure the loaded model under 2 to 6 splits: each is loaded in turn and runs a short prompt and generation benchmark. Afterwards the model is loaded with its own split again.</source>
        <translation>Mesurer le modèle chargé avec 2 à 6 répartitions : chacune est chargée à son tour et exécute un court test de prompt et de génération. Ensuite, le modèle est rechargé avec sa propre répartition.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Split</source>
        <translation>Répartition</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory per GPU</source>
        <translation>Mémoire par GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>Prompt (tok/s)</source>
        <translation>Prompt (jetons/s)</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+16"/>
        <source>Generation (tok/s)</source>
        <translation>Génération (jetons/s)</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Add Current Split</source>
        <translation>Ajouter la répartition actuelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the split chosen in the split editor</source>
        <translation>Ajouter la répartition choisie dans l&apos;éditeur de répartition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Suggestions</source>
        <translation>Ajouter des suggestions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add layer and row split with even shares, and everything on the main GPU</source>
        <translation>Ajouter la répartition par couches et par lignes à parts égales, et tout sur le GPU principal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt:</source>
        <translation>Prompt :</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source> tok</source>
        <translation> jetons</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Generate:</source>
        <translation>Générer :</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs:</source>
        <translation>Passes :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Benchmark</source>
        <translation>Lancer le banc d&apos;essai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply the Winner</source>
        <translation>Appliquer la gagnante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the fastest split into the split editor and reload the model with it</source>
        <translation>Reprendre la répartition la plus rapide dans l&apos;éditeur et recharger le modèle avec elle</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Generation</source>
        <translation>Génération</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>GPU %1: %2</source>
        <extracomment>Bytes a split puts on one GPU: GPU index, size.</extracomment>
        <translation>GPU %1 : %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>%1 ± %2</source>
        <translation>%1 ± %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pp%1 and tg%2 on %3</source>
        <extracomment>Tooltip of a measured split: the tests run and the backend.</extracomment>
        <translation>pp%1 et tg%2 sur %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>échec</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measuring…</source>
        <translation>mesure…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>does not fit</source>
        <extracomment>A split that cannot be measured (it would overflow a GPU): shown in its speed columns.</extracomment>
        <translation>ne tient pas</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No winner: everything ran on the CPU (no GPU backend is in use), where the splits cannot differ; their speeds say nothing about the GPUs.</source>
        <extracomment>The benchmark&apos;s verdict when the model ran on the CPU, where the GPU split changes nothing.</extracomment>
        <translation>Aucun gagnant : tout a tourné sur le processeur (aucun moteur GPU n’est utilisé), où les répartitions ne peuvent pas différer ; leurs vitesses ne disent rien des GPU.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No clear winner: %1 are as fast as each other within the spread of the runs. Run more repetitions to tell them apart, or keep the split you have.</source>
        <extracomment>The benchmark&apos;s splits are as fast as each other within the runs&apos; spread: %1 lists them (&quot;#1, #3&quot;).</extracomment>
        <translation>Pas de gagnante nette : %1 sont aussi rapides l’une que l’autre, à la dispersion des mesures près. Lancez plus de répétitions pour les départager, ou gardez votre répartition.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Winner: #%1, %2 — %3 tok/s generation, %4 tok/s prompt</source>
        <translation>Gagnante : n°%1, %2 — %3 jetons/s en génération, %4 jetons/s en prompt</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Add at least two splits and run the benchmark; the fastest can then be applied.</source>
        <translation>Ajoutez au moins deux répartitions et lancez le banc d&apos;essai ; la plus rapide pourra ensuite être appliquée.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Split (#)</source>
        <translation>Répartition (n°)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (GiB)</source>
        <translation>Mémoire sur le GPU le plus rempli (Gio)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory on the fullest GPU (MiB)</source>
        <translation>Mémoire sur le GPU le plus rempli (Mio)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Load a model first</source>
        <translation>Chargez d&apos;abord un modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add at least two splits to compare</source>
        <translation>Ajoutez au moins deux répartitions à comparer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the model with each split in turn and measure it</source>
        <translation>Charger le modèle avec chaque répartition à tour de rôle et le mesurer</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitEditor</name>
    <message>
        <location filename="../gui/gpus/split_editor.cpp" line="+168"/>
        <source>None (main GPU only)</source>
        <translation>Aucune (GPU principal seul)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer (whole layers per GPU)</source>
        <translation>Couche (couches entières par GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row (every matrix split by rows)</source>
        <translation>Ligne (chaque matrice découpée par lignes)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer: each GPU holds whole layers and the activations hop between GPUs.
Row: each weight matrix is split across the GPUs, which compute in parallel.
None: everything on the main GPU.</source>
        <translation>Couche&#xa0;: chaque GPU contient des couches entières et les activations passent d’un GPU à l’autre.
Ligne&#xa0;: chaque matrice de poids est répartie entre les GPU, qui calculent en parallèle.
Aucune&#xa0;: tout sur le GPU principal.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The GPU that holds the shared tensors (row split) or everything (no split)</source>
        <translation>Le GPU qui contient les tenseurs partagés (répartition par lignes) ou tout (sans répartition)</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>F16</source>
        <extracomment>KV cache precision: 16-bit floats.</extracomment>
        <translation>F16</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F32</source>
        <extracomment>KV cache precision: 32-bit floats.</extracomment>
        <translation>F32</translation>
    </message>
    <message>
        <location line="-202"/>
        <source>Even</source>
        <extracomment>Preset: the same share on every GPU.</extracomment>
        <translation>Égal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Free Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s free memory.</extracomment>
        <translation>Mémoire libre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Memory</source>
        <extracomment>Preset: shares by each GPU&apos;s total memory.</extracomment>
        <translation>Mémoire totale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same share on every GPU</source>
        <translation>La même part sur chaque GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s free memory</source>
        <translation>Parts proportionnelles à la mémoire libre de chaque GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares proportional to each GPU&apos;s total memory</source>
        <translation>Parts proportionnelles à la mémoire totale de chaque GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply Split</source>
        <translation>Appliquer la répartition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split:</source>
        <translation>Répartition&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main GPU:</source>
        <translation>GPU principal&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache:</source>
        <translation>Cache KV&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presets:</source>
        <translation>Préréglages&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU: the model runs on the CPU, so there is nothing to split.</source>
        <translation>Aucun GPU&#xa0;: le modèle s’exécute sur le processeur, il n’y a donc rien à répartir.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>used by others</source>
        <translation>utilisée par d’autres</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weights</source>
        <translation>poids</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>cache KV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scratch</source>
        <translation>tampon de travail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dashed line: usable limit</source>
        <translation>ligne pointillée&#xa0;: limite utilisable</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2</source>
        <extracomment>A GPU: its CUDA index and its name (&quot;0: NVIDIA H200&quot;).</extracomment>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>UUID %1</source>
        <translation>UUID %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of the model for %1</source>
        <translation>Part du modèle pour %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Share of the model this GPU gets (the ratios normalised)</source>
        <translation>Part du modèle attribuée à ce GPU (rapports normalisés)</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>layer %1</source>
        <translation>couche %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV head %1</source>
        <translation>tête KV %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV heads %1–%2</source>
        <translation>têtes KV %1–%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN row %1</source>
        <translation>ligne FFN %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN rows %1–%2</source>
        <translation>lignes FFN %1–%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Holds nothing of the model (%1 usable)</source>
        <translation>Ne contient rien du modèle (%1 utilisables)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights %1 · KV cache %2 · Recurrent state %3 · Scratch %4 = %5 of %6 usable</source>
        <extracomment>A GPU&apos;s share of a hybrid model (Qwen3.5/3.6): the recurrent layers&apos; state does not grow with the context.</extracomment>
        <translation>Poids %1 · cache KV %2 · état récurrent %3 · tampon %4 = %5 sur %6 utilisables</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weights %1 · KV cache %2 · Scratch %3 = %4 of %5 usable</source>
        <translation>Poids %1 · cache KV %2 · tampon %3 = %4 sur %5 utilisables</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open a model to see what each GPU would hold.</source>
        <translation>Ouvrez un modèle pour voir ce que chaque GPU contiendrait.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 · context %Ln token(s) · %2 KV cache</source>
        <extracomment>The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).</extracomment>
        <translation>
            <numerusform>%1 · contexte %Ln jeton · cache KV %2</numerusform>
            <numerusform>%1 · contexte %Ln jetons · cache KV %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 free of %2</source>
        <translation>%1 libres sur %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 %</source>
        <extracomment>A GPU&apos;s share of the model, in percent.</extracomment>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <location line="-67"/>
        <source>layers %1–%2</source>
        <translation>couches %1–%2</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1, %2</source>
        <extracomment>Which KV heads and FFN rows a GPU holds (&quot;KV heads 0–3, FFN rows 0–5,631&quot;).</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2)</source>
        <extracomment>What a GPU would hold (bytes), then which layers or rows.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>This split cannot be planned: %1</source>
        <translation>Cette répartition ne peut pas être planifiée&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Does not fit: %1</source>
        <translation>Ne tient pas&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Fits: %1 in total on %n GPU(s).</source>
        <translation>
            <numerusform>Tient&#xa0;: %1 au total sur %n GPU.</numerusform>
            <numerusform>Tient&#xa0;: %1 au total sur %n GPU.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Load a model first; the next load uses this split</source>
        <translation>Chargez d’abord un modèle&#xa0;; le prochain chargement utilisera cette répartition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model would not fit with this split</source>
        <translation>Le modèle ne tiendrait pas avec cette répartition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loaded model already uses this split</source>
        <translation>Le modèle chargé utilise déjà cette répartition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload the model with this split</source>
        <translation>Recharger le modèle avec cette répartition</translation>
    </message>
    <message>
        <location line="-283"/>
        <source> %</source>
        <extracomment>Suffix of a GPU&apos;s share in the split editor&apos;s number box (&quot;60.0 %&quot;).</extracomment>
        <translation>&#xa0;%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1&apos;s share of the model in percent; the other GPUs share the rest in proportion</source>
        <translation>Part du modèle pour %1, en pour cent&#xa0;; les autres GPU se partagent le reste en proportion</translation>
    </message>
    <message>
        <location line="+168"/>
        <source>Q8_0</source>
        <extracomment>KV cache precision: 8-bit integers with a scale per 32 values (ggml&apos;s Q8_0).</extracomment>
        <translation>Q8_0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q4_0</source>
        <extracomment>KV cache precision: 4-bit integers with a scale per 32 values (ggml&apos;s Q4_0).</extracomment>
        <translation>Q4_0</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>Precision of the KV cache: F32 doubles its size; Q8_0 and Q4_0 keep 8-bit and 4-bit values with a scale per 32, about half and a quarter of F16&apos;s size</source>
        <translation>Précision du cache KV&#xa0;: F32 double sa taille&#xa0;; Q8_0 et Q4_0 stockent des valeurs de 8 et 4 bits avec une échelle par groupe de 32, environ la moitié et le quart de la taille de F16</translation>
    </message>
    <message>
        <location line="+276"/>
        <source>Weights: %1 bytes
KV cache: %2 bytes
Recurrent state: %3 bytes
Scratch: %4 bytes
Total: %5 bytes
Usable: %6 bytes</source>
        <translation>Poids&#xa0;: %1 octets
Cache KV&#xa0;: %2 octets
État récurrent&#xa0;: %3 octets
Tampon de travail&#xa0;: %4 octets
Total&#xa0;: %5 octets
Utilisable&#xa0;: %6 octets</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total %1 %</source>
        <extracomment>The GPUs&apos; shares added up, in percent.</extracomment>
        <translation>Total %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shares of all GPUs add up to this</source>
        <translation>Les parts de tous les GPU totalisent cette valeur</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitPreviewModel</name>
    <message>
        <location filename="../gui/gpus/split_preview_model.cpp" line="+291"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Choose Layer or Row split to spread the model over the GPUs, shorten the context or use a smaller quantization.</source>
        <translation>Débordement&#xa0;: il faut %1 mais seuls %2 sont utilisables (%3 libres, %4 gardés en réserve). Choisissez la répartition Couche ou Ligne pour répartir le modèle sur les GPU, raccourcissez le contexte ou utilisez une quantification plus petite.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Move share to another GPU, shorten the context or use a smaller quantization.</source>
        <translation>Débordement&#xa0;: il faut %1 mais seuls %2 sont utilisables (%3 libres, %4 gardés en réserve). Déplacez une part vers un autre GPU, raccourcissez le contexte ou utilisez une quantification plus petite.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::StatusLine</name>
    <message>
        <location filename="../gui/app/status_line.cpp" line="+46"/>
        <source>Last reply: %1 tok/s</source>
        <translation>Dernière réponse&#xa0;: %1 tok/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting to %1…</source>
        <extracomment>The OpenAI-compatible server&apos;s URL.</extracomment>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loading %1… %2%</source>
        <extracomment>The file being loaded, then how much of it is done, in percent.</extracomment>
        <translation>Chargement de %1… %2&#xa0;%</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Ready: %1 on the server %2</source>
        <extracomment>The server&apos;s model id, then the server&apos;s base URL.</extracomment>
        <translation>Prêt&#xa0;: %1 sur le serveur %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ready: %1 (%2, %3 parameters) on the CPU</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;).</extracomment>
        <translation>Prêt&#xa0;: %1 (%2, %3 paramètres) sur le processeur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ready: %1 (%2, %3 parameters) on %4</source>
        <extracomment>Model name, architecture, parameter count (&quot;7.24 B&quot;), the engine&apos;s backend (&quot;cuda (2 GPUs)&quot;).</extracomment>
        <translation>Prêt&#xa0;: %1 (%2, %3 paramètres) sur %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the prompt: %1 / %2 tok (Esc stops)</source>
        <extracomment>Status bar while the model reads the conversation: tokens read, of all. Esc stops.</extracomment>
        <translation>Lecture du prompt&#xa0;: %1 / %2 tok (Échap pour arrêter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generating: %1 tok so far</source>
        <translation>Génération&#xa0;: %1 tok jusqu’ici</translation>
    </message>
</context>
<context>
    <name>tessera::gui::SystemPromptEdit</name>
    <message>
        <location filename="../gui/chat/system_prompt_edit.cpp" line="+22"/>
        <source>For example: You are a helpful assistant. Answer briefly.</source>
        <translation>Par exemple&#xa0;: Tu es un assistant serviable. Réponds brièvement.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructions the model sees before the conversation. Used only by models with a chat template.</source>
        <translation>Instructions que le modèle voit avant la conversation. Utilisées uniquement par les modèles dotés d’un modèle de chat.</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThemeSwitcher</name>
    <message>
        <location filename="../gui/settings/theme_switcher.cpp" line="+127"/>
        <source>&amp;Theme</source>
        <extracomment>Settings menu: the colours of the app.</extracomment>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System default</source>
        <extracomment>Theme menu entry: the desktop&apos;s own colours.</extracomment>
        <translation>Langue du système</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThroughputPlot</name>
    <message>
        <location filename="../gui/performance/throughput_plot.cpp" line="-324"/>
        <source>Tokens per second appear here while the model answers.</source>
        <translation>Les jetons par seconde s’affichent ici pendant que le modèle répond.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export PNG…</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as a PNG image</source>
        <translation>Enregistrer ce graphique en image PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seconds since the request</source>
        <translation>secondes depuis la requête</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation tokens/s</source>
        <translation>génération jetons/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt tokens/s</source>
        <translation>prompt jetons/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply</source>
        <extracomment>Axis of the recent-replies bar chart: reply number.</extracomment>
        <translation>réponse</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>generation</source>
        <extracomment>Axis of the recent-replies bar chart: generation tokens/s.</extracomment>
        <translation>génération</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>prompt</source>
        <extracomment>Axis of the recent-replies bar chart (and the band over the prompt phase): prompt tokens/s.</extracomment>
        <translation>prompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s</source>
        <translation>Jetons/s du prompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s</source>
        <translation>Jetons/s générés</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generation tokens/s per reply</source>
        <translation>Jetons/s générés par réponse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens/s per reply</source>
        <translation>Jetons/s du prompt par réponse</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>Earlier replies</source>
        <translation>Réponses précédentes</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>first token
%1 s</source>
        <extracomment>Next to the dashed line at the first token: the time it took, in seconds.</extracomment>
        <translation>premier jeton
%1&#xa0;s</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Reply %1: reading the prompt…</source>
        <translation>Réponse %1&#xa0;: lecture du prompt…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1: first token after %2 s, generating…</source>
        <translation>Réponse %1&#xa0;: premier jeton après %2&#xa0;s, génération…</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Reply %1: %2 tokens/s, %Ln token(s) so far</source>
        <extracomment>While generating: reply number, current speed, tokens generated so far.</extracomment>
        <translation>
            <numerusform>Réponse %1&#xa0;: %2 jetons/s, %Ln jeton jusqu’ici</numerusform>
            <numerusform>Réponse %1&#xa0;: %2 jetons/s, %Ln jetons jusqu’ici</numerusform>
        </translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Reply %1 failed</source>
        <translation>Échec de la réponse %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>prompt %1 tok at %2 tok/s</source>
        <translation>prompt %1 tok à %2 tok/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prompt —</source>
        <translation>prompt —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>generated %1 tok at %2 tok/s · first token %3 s</source>
        <translation>généré %1 tok à %2 tok/s · premier jeton %3 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no token generated</source>
        <translation>aucun jeton généré</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1 (stopped): %2 · %3</source>
        <extracomment>A reply the user stopped: reply number, the prompt part, the generation part.</extracomment>
        <translation>Réponse %1 (arrêtée) : %2 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reply %1: %2 · %3</source>
        <extracomment>A finished reply: reply number, the prompt part, the generation part.</extracomment>
        <translation>Réponse %1 : %2 · %3</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>Throughput of %1, %2</source>
        <extracomment>Title of an exported throughput plot: the model&apos;s name, the date and time.</extracomment>
        <translation>Débit de %1, %2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export Throughput Plot</source>
        <translation>Exporter le graphique de débit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>throughput.png</source>
        <translation>debit.png</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved the plot to %1</source>
        <extracomment>After Export PNG…: where the image went, or that it could not be written.</extracomment>
        <translation>Graphique enregistré dans %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plot could not be saved to %1</source>
        <translation>Impossible d’enregistrer le graphique dans %1</translation>
    </message>
</context>
</TS>
