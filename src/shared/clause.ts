/**
 * Someone's own sentence set inside one of ours ("suspended: {{reason}}. Contact …"): its closing full stops
 * go, since the sentence around it brings its own. Other endings (? !) say something and stay.
 */
export const asClause = (text: string): string => text.trim().replace(/[\s.\u06D4\u3002]+$/u, '');
